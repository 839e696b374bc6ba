package api

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

type oaDoc struct {
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Schemas map[string]struct {
			Properties map[string]any `json:"properties"`
			Required   []string       `json:"required"`
		} `json:"schemas"`
	} `json:"components"`
}

func loadDoc(t *testing.T) oaDoc {
	t.Helper()
	var d oaDoc
	if err := json.Unmarshal(OpenAPI(), &d); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return d
}

// TestOpenAPIMatchesRoutes: every route the mux serves is in the document and the
// document has no route the mux does not serve.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	d := loadDoc(t)
	inDoc := map[string]bool{}
	for path, ops := range d.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			inDoc[strings.ToUpper(method)+" "+path] = true
		}
	}
	s := New(Config{})
	inMux := map[string]bool{}
	for _, rt := range s.routes() {
		inMux[rt.method+" "+rt.path] = true
	}
	for k := range inMux {
		if !inDoc[k] {
			t.Errorf("route %s is not in openapi.json", k)
		}
	}
	for k := range inDoc {
		if !inMux[k] {
			t.Errorf("openapi.json has %s, which the mux does not serve", k)
		}
	}
}

// TestOpenAPIRefsResolve: every $ref names a schema of the document.
func TestOpenAPIRefsResolve(t *testing.T) {
	d := loadDoc(t)
	for _, ref := range regexpRefs(string(OpenAPI())) {
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		if _, ok := d.Components.Schemas[name]; !ok {
			t.Errorf("$ref %s: no such schema", ref)
		}
	}
}

func regexpRefs(doc string) []string {
	var out []string
	for _, part := range strings.Split(doc, `"$ref": "`)[1:] {
		out = append(out, part[:strings.IndexByte(part, '"')])
	}
	return out
}

// jsonFields returns the JSON names of a struct's fields, embedded structs flattened.
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			out = append(out, jsonFields(et)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// TestOpenAPISchemasMatchTypes: each schema has exactly the fields of the Go type that
// decodes or encodes it.
func TestOpenAPISchemasMatchTypes(t *testing.T) {
	d := loadDoc(t)
	for name, typ := range map[string]any{
		"ServiceInput": apitypes.ServiceInput{}, "ServiceUpdate": apitypes.ServiceInput{},
		"RealInput": apitypes.RealInput{}, "RealPatch": apitypes.RealPatch{},
		"LBRequestInput": apitypes.LBRequestInput{}, "NF": apitypes.NF{},
		"HealthCheck": apitypes.HealthCheck{}, "Service": apitypes.Service{}, "Real": apitypes.Real{},
		"Forwarder": apitypes.Forwarder{}, "BGPPeer": apitypes.BGPPeer{}, "Load": apitypes.Load{}, "Change": apitypes.Change{},
		"LBRequest": apitypes.LBRequest{}, "LBSpec": apitypes.LBSpec{}, "Connection": apitypes.Connection{},
		"Connections": apitypes.Connections{}, "Version": apitypes.Version{}, "Stats": apitypes.Stats{},
		"ForwarderStats": apitypes.ForwarderStats{}, "WorkerStats": apitypes.WorkerStats{},
		"PortStats": apitypes.PortStats{}, "ServiceStats": apitypes.ServiceStats{}, "RealStats": apitypes.RealStats{},
		"Drop": apitypes.Drop{}, "Error": apitypes.Error{},
		"Policy": apitypes.Policy{}, "PolicyInput": apitypes.PolicyInput{}, "PolicyView": apitypes.PolicyView{},
		"PublishedWeights": apitypes.PublishedWeights{}, "PolicyResult": apitypes.PolicyResult{},
		"PolicyExplanation": apitypes.PolicyExplanation{}, "PolicyPath": apitypes.PolicyPath{},
		"PolicyRange": apitypes.PolicyRange{}, "ScrapeStatus": apitypes.ScrapeStatus{},
		"ScrapeTarget": apitypes.ScrapeTarget{}, "Steering": apitypes.Steering{},
		"PortSteering": apitypes.PortSteering{}, "RssaConfig": apitypes.RSSAConfig{},
		"WorkerLoad": apitypes.WorkerLoad{}, "SteerOverride": apitypes.SteerOverride{},
		"DispatchStage": apitypes.DispatchStage{}, "NFLoadInput": apitypes.NFLoadInput{},
		"NFLoadSample": apitypes.NFLoadSample{}, "NFLoadResult": apitypes.NFLoadResult{},
		"Rates": apitypes.Rates{}, "ServiceRates": apitypes.ServiceRates{}, "ForwarderRates": apitypes.ForwarderRates{},
		"RealRate": apitypes.RealRate{}, "ControllerGroup": apitypes.ControllerGroup{},
		"ControllerMember": apitypes.ControllerMember{},
		"ConnPage":         apitypes.ConnPage{}, "ForwarderError": apitypes.ForwarderError{},
		"FlowTraces": apitypes.FlowTraces{}, "FlowTrace": apitypes.FlowTrace{}, "TraceReal": apitypes.TraceReal{},
	} {
		sc, ok := d.Components.Schemas[name]
		if !ok {
			t.Errorf("schema %s missing", name)
			continue
		}
		var props []string
		for p := range sc.Properties {
			props = append(props, p)
		}
		sort.Strings(props)
		if want := jsonFields(reflect.TypeOf(typ)); !reflect.DeepEqual(props, want) {
			t.Errorf("schema %s has %v, the Go type %T has %v", name, props, typ, want)
		}
	}
}

// TestOpenAPICheckKinds: the document's health check kinds are the ones the controller
// accepts.
func TestOpenAPICheckKinds(t *testing.T) {
	var d struct {
		Components struct {
			Schemas struct {
				HealthCheck struct {
					Properties struct {
						Kind struct {
							Enum []string `json:"enum"`
						} `json:"kind"`
					} `json:"properties"`
				} `json:"HealthCheck"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(OpenAPI(), &d); err != nil {
		t.Fatal(err)
	}
	kinds := d.Components.Schemas.HealthCheck.Properties.Kind.Enum
	if !slices.Contains(kinds, "sip") {
		t.Errorf("kinds %v: no sip", kinds)
	}
	for _, k := range append(kinds, "icmp") {
		err := model.NormalizeHealthCheck("health_check", &model.HealthCheck{Kind: k}, "udp")
		if (err == nil) != slices.Contains(kinds, k) {
			t.Errorf("kind %q: the document lists it: %t, the controller says %v", k, slices.Contains(kinds, k), err)
		}
	}
}

// TestOpenAPIEvery503Meaning: every operation that can answer 503 lists what it may mean:
// reads the store's and the controller's unavailability, writes also a refused write and
// one whose outcome is unknown, the leader-only request that it is not the leader.
func TestOpenAPIEvery503Meaning(t *testing.T) {
	type operation struct {
		Responses map[string]struct {
			Description string `json:"description"`
		} `json:"responses"`
	}
	for path, ops := range loadDoc(t).Paths {
		for method, raw := range ops {
			if method == "parameters" || path == "/metrics" || path == "/openapi.json" {
				continue
			}
			var op operation
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			r, ok := op.Responses["503"]
			if !ok {
				t.Errorf("%s %s: no 503", method, path)
				continue
			}
			if path == "/healthz" {
				continue // its own: the Health body says why
			}
			want := []string{"stopping", "does not answer", "cancelled"}
			if method != "get" {
				want = append(want, "nothing written", "outcome unknown")
			}
			if method+" "+path == "post /v1/lb-requests" {
				want = append(want, "not the leader")
			}
			for _, w := range want {
				if !strings.Contains(r.Description, w) {
					t.Errorf("%s %s: 503 %q does not say %q", method, path, r.Description, w)
				}
			}
		}
	}
}
