package controller

import (
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// TestServiceSpecCarriesEveryField: a service with every setting the forwarder has set away
// from its zero reaches the desired state's VirtualService with each of them, so a field
// added to model and proto/fwd.proto cannot be dropped on the way to the forwarders.
func TestServiceSpecCarriesEveryField(t *testing.T) {
	fullnat := model.Service{ID: "tcp-10.0.0.1-80", Protocol: "tcp", VIP: "10.0.0.1", Port: 80, Mode: model.ModeFullNAT,
		Scheduler: "wrr", DownConns: "reschedule", AllDown: "keep_last", Priority: 3,
		Timeouts: &model.Timeouts{UDP: 5}, Synproxy: model.SynproxyAuto, SynproxyThreshold: 7,
		ClientAddr: model.ClientAddrOn}
	tunnel := model.Service{ID: "udp-10.0.0.2-53", Protocol: "udp", VIP: "10.0.0.2", Port: 53, Mode: "tunnel",
		Encap: "gue"}
	sip := model.Service{ID: "udp-10.0.0.3-5060", Protocol: "udp", VIP: "10.0.0.3", Port: 5060, Mode: "nat",
		Scheduler: "maglev", Hash: model.HashSIPCallID}
	for _, f := range model.SettingFields() { // each plain setting (model/settings.go) too
		f.Set(&fullnat.ServiceSettings, 1)
	}
	seen := map[string]bool{}
	for _, s := range []model.Service{fullnat, tunnel, sip} {
		vs := serviceSpec(&s)
		vs.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, _ protoreflect.Value) bool {
			seen[string(fd.Name())] = true
			return true
		})
	}
	fields := (&fwdpb.VirtualService{}).ProtoReflect().Descriptor().Fields()
	for i := 0; i < fields.Len(); i++ {
		if n := string(fields.Get(i).Name()); !seen[n] && n != "id" && n != "real_services" {
			t.Errorf("VirtualService.%s: not carried from the service (serviceSpec)", n)
		}
	}
	if vs := serviceSpec(&tunnel); vs.Timeouts != nil || vs.Synproxy != "" {
		t.Errorf("a service with no timeouts and no proxy: %v", vs)
	}
}
