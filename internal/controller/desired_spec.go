package controller

import (
	"encoding/json"
	"fmt"
	"log/slog"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// serviceSpec is service s as the forwarder's VirtualService, without its id and reals:
// every field of the message taken from the service's field of the same JSON name
// (apitypes' TestSchemaLayersAgree keeps the names the same in both), so that a field added
// to both reaches the forwarders with no line here.
func serviceSpec(s *model.Service) *fwdpb.VirtualService {
	b, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("service %s: %v", s.ID, err)) // model's own types always marshal
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		panic(err)
	}
	fields := (&fwdpb.VirtualService{}).ProtoReflect().Descriptor().Fields()
	vs := &fwdpb.VirtualService{}
	for k, v := range all {
		if fields.ByTextName(k) == nil || k == "id" || k == "real_services" {
			continue // the controller's own, or given apart
		}
		one, _ := json.Marshal(map[string]json.RawMessage{k: v})
		field := &fwdpb.VirtualService{}
		if err := protojson.Unmarshal(one, field); err != nil {
			// NormalizeService checks every value against the forwarder's ranges: a
			// value that still does not fit is left at the forwarder's default, said.
			slog.Error("service field out of the forwarder's range", logging.Service, s.ID, "field", k, logging.Err, err)
			continue
		}
		proto.Merge(vs, field)
	}
	vs.Synproxy = synproxyWire(vs.Synproxy)
	if proto.Equal(vs.Timeouts, &fwdpb.Timeouts{}) {
		vs.Timeouts = nil // none of its own: absent, as the forwarder lists it
	}
	return vs
}
