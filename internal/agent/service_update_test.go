package agent

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/pb/fwdpb"
)

// TestServiceUpdateCoversSchema: every setting of a VirtualService can be changed on a live
// forwarder by an UpdateService field of the same name and kind (serviceUpdate derives the
// update from the names), and every set_x flag has its x.
func TestServiceUpdateCoversSchema(t *testing.T) {
	vf := (&fwdpb.VirtualService{}).ProtoReflect().Descriptor().Fields()
	uf := (&fwdpb.UpdateService{}).ProtoReflect().Descriptor().Fields()
	for i := 0; i < vf.Len(); i++ {
		fd := vf.Get(i)
		if n := fd.Name(); n == "id" || n == "real_services" {
			continue
		}
		u := uf.ByName(fd.Name())
		if u == nil {
			t.Errorf("VirtualService.%s: UpdateService has no field of that name: a running forwarder cannot change it", fd.Name())
			continue
		}
		if u.Kind() != fd.Kind() {
			t.Errorf("UpdateService.%s is %v, VirtualService's %v", fd.Name(), u.Kind(), fd.Kind())
		}
	}
	for i := 0; i < uf.Len(); i++ {
		name := string(uf.Get(i).Name())
		if x, ok := strings.CutPrefix(name, "set_"); ok {
			if uf.ByName(protoreflect.Name(x)) == nil {
				t.Errorf("UpdateService.%s: no field %s", name, x)
			}
		} else if name != "id" && vf.ByName(protoreflect.Name(name)) == nil {
			t.Errorf("UpdateService.%s: no VirtualService field of that name", name)
		}
	}
}
