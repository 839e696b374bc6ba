package fwdtest

import (
	"fmt"

	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// A service's plain settings (model.ServiceSettings), as the forwarder takes them with no
// rule of their own: each the uint32 field of its name in VirtualService, and in
// UpdateService with its set_ flag (forwarder/core/vs_settings.h).

func field(m protoreflect.Message, name string) protoreflect.FieldDescriptor {
	return m.Descriptor().Fields().ByName(protoreflect.Name(name))
}

// copySettings copies every setting of src into dst.
func copySettings(dst, src *fwdpb.VirtualService) {
	d, s := dst.ProtoReflect(), src.ProtoReflect()
	for _, f := range model.SettingFields() {
		d.Set(field(d, f.Name), s.Get(field(s, f.Name)))
	}
}

// settingsGiven reports whether m sets a setting.
func settingsGiven(m *fwdpb.UpdateService) bool {
	r := m.ProtoReflect()
	for _, f := range model.SettingFields() {
		if r.Get(field(r, "set_"+f.Name)).Bool() {
			return true
		}
	}
	return false
}

// updateSettings applies the settings m sets to vs, and describes them.
func updateSettings(vs *fwdpb.VirtualService, m *fwdpb.UpdateService) string {
	d, r := vs.ProtoReflect(), m.ProtoReflect()
	desc := ""
	for _, f := range model.SettingFields() {
		if r.Get(field(r, "set_"+f.Name)).Bool() {
			v := r.Get(field(r, f.Name))
			d.Set(field(d, f.Name), v)
			desc += fmt.Sprintf(" %s=%d", f.Name, v.Uint())
		}
	}
	return desc
}
