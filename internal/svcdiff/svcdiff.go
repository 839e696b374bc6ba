// Package svcdiff is the update of a service's own settings that turns what a forwarder runs
// into what is wanted, derived from the local API's schema (proto/fwd.proto): the agent's
// reconcile and the fake forwarder's SetService (fwdtest) compute it the same way, as the
// forwarder's SetService does in C (forwarder/src/ctl_op_set.c).
package svcdiff

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// The update of a service's own settings, derived from the local API's schema: every field
// of UpdateService (but its id and set_* flags) is the VirtualService field of the same
// name, compared with the forwarder's default filled in on both sides, and sent when it
// differs (with its set_ flag where the message has one). A field added to both messages
// is reconciled with no line here; TestServiceUpdateCoversSchema checks the names agree.

// Defaults the forwarder applies to an empty mode, scheduler or all_down (down_conns:
// model.DefaultDownConns of the protocol).
const (
	DefaultMode      = "nat"
	DefaultScheduler = "maglev"
	DefaultAllDown   = model.AllDownDrop
)

// updateTogether are fields the forwarder takes as one change: the mode with its
// scheduler and encapsulation (a switch to tunnel needs an encap, away from it drops it).
var updateTogether = []string{"mode", "scheduler", "encap"}

// fieldDefault is what the forwarder applies to an empty string field of a service of
// protocol proto ("" for a field with no default).
func fieldDefault(name, proto string) string {
	switch name {
	case "mode":
		return DefaultMode
	case "scheduler":
		return DefaultScheduler
	case "down_conns":
		return model.DefaultDownConns(proto)
	case "all_down":
		return DefaultAllDown
	case "synproxy":
		return model.SynproxyOff
	case "client_addr":
		return model.ClientAddrOff
	case "hash":
		return model.HashFiveTuple
	}
	return ""
}

// settingOf is field fd of vs with the forwarder's default filled in: a string's, or for a
// message (the timeouts) an empty one for absent, as the forwarder lists only what is set.
func settingOf(vs *fwdpb.VirtualService, fd protoreflect.FieldDescriptor) protoreflect.Value {
	m := vs.ProtoReflect()
	v := m.Get(fd)
	switch fd.Kind() {
	case protoreflect.StringKind:
		if v.String() == "" {
			return protoreflect.ValueOfString(fieldDefault(string(fd.Name()), vs.GetId().GetProtocol()))
		}
	case protoreflect.MessageKind:
		if !m.Has(fd) {
			return protoreflect.ValueOfMessage(v.Message().Type().New())
		}
	}
	return v
}

func sameSetting(a, b protoreflect.Value, fd protoreflect.FieldDescriptor) bool {
	if fd.Kind() == protoreflect.MessageKind {
		return proto.Equal(a.Message().Interface(), b.Message().Interface())
	}
	return a.Equal(b)
}

// settingText is a setting as the plan's description shows it.
func settingText(fd protoreflect.FieldDescriptor, v protoreflect.Value) string {
	if t, ok := v.Interface().(protoreflect.Message); ok {
		if to, ok := t.Interface().(*fwdpb.Timeouts); ok {
			return TimeoutsText(to)
		}
	}
	return fmt.Sprint(v.Interface())
}

// Update is the UpdateService that turns the forwarder's settings of a service (cur) into
// the desired ones (vs), and its description ("" when nothing differs).
func Update(vs, cur *fwdpb.VirtualService) (*fwdpb.UpdateService, string) {
	u := &fwdpb.UpdateService{Id: cur.GetId()}
	um := u.ProtoReflect()
	uf := um.Descriptor().Fields()
	vf := vs.ProtoReflect().Descriptor().Fields()
	differs := func(name string) bool {
		fd := vf.ByName(protoreflect.Name(name))
		return !sameSetting(settingOf(vs, fd), settingOf(cur, fd), fd)
	}
	together := false
	for _, n := range updateTogether {
		together = together || differs(n)
	}
	var desc strings.Builder
	for i := 0; i < uf.Len(); i++ {
		fd := uf.Get(i)
		name := string(fd.Name())
		if name == "id" || strings.HasPrefix(name, "set_") {
			continue
		}
		src := vf.ByName(fd.Name())
		grouped := contains(updateTogether, name)
		if grouped && !together || !grouped && !differs(name) {
			continue
		}
		v := settingOf(vs, src)
		if name == "encap" {
			v = vs.ProtoReflect().Get(src) // none is "" (dropped with the switch away)
			if v.String() == "" {
				continue
			}
		}
		um.Set(fd, v)
		if set := uf.ByName(protoreflect.Name("set_" + name)); set != nil {
			um.Set(set, protoreflect.ValueOfBool(true))
		}
		fmt.Fprintf(&desc, " %s=%s", name, settingText(fd, v))
	}
	return u, desc.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TimeoutsText is "udp:2,tcp_fin:60" (the ones set), or "global" when none is.
func TimeoutsText(t *fwdpb.Timeouts) string {
	out := ""
	for _, f := range []struct {
		name string
		v    uint32
	}{{"tcp_syn", t.GetTcpSyn()}, {"tcp_established", t.GetTcpEstablished()}, {"tcp_fin", t.GetTcpFin()},
		{"tcp_time_wait", t.GetTcpTimeWait()}, {"tcp_close", t.GetTcpClose()}, {"udp", t.GetUdp()}} {
		if f.v != 0 {
			if out != "" {
				out += ","
			}
			out += fmt.Sprintf("%s:%d", f.name, f.v)
		}
	}
	if out == "" {
		return "global"
	}
	return out
}
