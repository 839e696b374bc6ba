package apitypes

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/apitypes/settingsgen"
	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// The layers of a service, checked field by field against one another, so that a field
// added to one and forgotten in another fails `make test` and says where: the local API's
// messages (proto/fwd.proto, the forwarder's schema), the store's objects (model), and the
// REST API's input types (here). Every name a layer has and another lacks is listed below
// with the reason; anything else must match by name.

// controllerOnly are a model.Service's fields that never reach a forwarder (the controller's
// own, or read-outs); protoOnly the other way round.
var (
	controllerOnly = []string{"id", "protocol", "vip", "port", "vni", // the proto's ServiceId
		"reals",                                // the proto's real_services
		"forwarders", "health_check", "policy", // the controller's: where, checks, weights
		"counters_zeroed_at", "version"} // read-outs
	protoOnly     = []string{"id", "real_services"}
	realCtlOnly   = []string{"health_override", "drain", "health_reason", "metrics_url", "capacity_mbps", "version"}
	realProtoOnly = []string{}
)

func jsonNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Anonymous && t.Field(i).Type.Kind() == reflect.Struct {
			out = append(out, jsonNames(t.Field(i).Type)...) // inline in JSON
			continue
		}
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

func protoNames(m protoreflect.MessageDescriptor) []string {
	var out []string
	for i := 0; i < m.Fields().Len(); i++ {
		out = append(out, string(m.Fields().Get(i).Name()))
	}
	return out
}

// missing is what of a is neither in b nor excused.
func missing(a, b, excused []string) []string {
	var out []string
	for _, n := range a {
		if !slices.Contains(b, n) && !slices.Contains(excused, n) {
			out = append(out, n)
		}
	}
	return out
}

func TestSchemaLayersAgree(t *testing.T) {
	svc := jsonNames(reflect.TypeOf(model.Service{}))
	in := jsonNames(reflect.TypeOf(ServiceInput{}))
	vs := protoNames((&fwdpb.VirtualService{}).ProtoReflect().Descriptor())
	real := jsonNames(reflect.TypeOf(model.Real{}))
	realIn := jsonNames(reflect.TypeOf(RealInput{}))
	rs := protoNames((&fwdpb.RealService{}).ProtoReflect().Descriptor())
	for _, c := range []struct {
		what    string
		a, b    []string
		excused []string
	}{
		{"model.Service fields missing from the REST input (apitypes.ServiceInput)", svc, in, nil},
		{"apitypes.ServiceInput fields missing from model.Service", in, svc, nil},
		{"model.Service fields missing from the forwarder's VirtualService (proto/fwd.proto)", svc, vs, controllerOnly},
		{"VirtualService fields (proto/fwd.proto) missing from model.Service", vs, svc, protoOnly},
		{"model.Real fields missing from apitypes.RealInput", real, realIn, nil},
		{"apitypes.RealInput fields missing from model.Real", realIn, real, nil},
		{"model.Real fields missing from the forwarder's RealService", real, rs, realCtlOnly},
		{"RealService fields missing from model.Real", rs, real, realProtoOnly},
	} {
		if m := missing(c.a, c.b, c.excused); len(m) > 0 {
			t.Errorf("%s: %s", c.what, strings.Join(m, ", "))
		}
	}
}

// fill sets every field of v (a pointer) to a value that is not its zero, recursively.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.String:
		v.SetString("x")
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(7)
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		v.SetUint(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Bool:
		v.SetBool(true)
	}
}

// TestServiceInputCoversService: ServiceInput.Service carries every field of the input
// into the service but those the caller or the controller own.
func TestServiceInputCoversService(t *testing.T) {
	var in ServiceInput
	fill(reflect.ValueOf(&in).Elem())
	in.CountersZeroedAt = nil // time.Time has no exported fields to fill
	b, _ := json.Marshal(in.Service())
	var got map[string]any
	json.Unmarshal(b, &got)
	notCarried := []string{"id", "policy", "counters_zeroed_at", "version"} // derived, the caller's, read-only
	for _, k := range jsonNames(reflect.TypeOf(ServiceInput{})) {
		if slices.Contains(notCarried, k) {
			continue
		}
		if v, ok := got[k]; !ok || v == nil || v == "" || v == 0.0 {
			t.Errorf("ServiceInput.%s is not carried into the service by Service(): %v", k, v)
		}
	}
	reals, _ := got["reals"].([]any)
	if len(reals) != 1 {
		t.Fatalf("reals %v", got["reals"])
	}
	r := reals[0].(map[string]any)
	for _, k := range jsonNames(reflect.TypeOf(RealInput{})) {
		if slices.Contains([]string{"health", "health_reason", "version"}, k) {
			continue // read-only
		}
		if v, ok := r[k]; !ok || v == nil || v == "" || v == 0.0 || v == false {
			t.Errorf("RealInput.%s is not carried into the real by Real(): %v", k, v)
		}
	}
}

// TestSettingsInputGenerated: settings_input.go is what `go generate ./internal/apitypes`
// writes from model.ServiceSettings now.
func TestSettingsInputGenerated(t *testing.T) {
	have, err := os.ReadFile("settings_input.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != string(settingsgen.Source()) {
		t.Errorf("settings_input.go is not current: run go generate ./internal/apitypes")
	}
}
