package api

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"hvlb/internal/model"
)

// openAPIFile is the OpenAPI 3 document of every route in routes(), but for the services'
// plain settings (model.ServiceSettings), which OpenAPI puts in from the model's tags;
// TestOpenAPIMatchesRoutes keeps it in step with the routes, TestOpenAPISchemasMatchTypes
// with the types.
//
//go:embed openapi.json
var openAPIFile []byte

var openAPI = with503s(withSettings(openAPIFile))

// OpenAPI returns the OpenAPI document.
func OpenAPI() []byte { return openAPI }

// settingSchemas are the schemas that have the settings, and what an absent one means there.
var settingSchemas = map[string]string{
	"Service":       "",
	"ServiceInput":  "; absent: 0",
	"ServiceUpdate": "; absent: the current value stays",
}

// withSettings is doc with each plain setting a property of settingSchemas: an integer of
// its range, described by its help tag.
func withSettings(doc []byte) []byte {
	var d map[string]any
	if err := json.Unmarshal(doc, &d); err != nil {
		panic(fmt.Sprintf("openapi.json: %v", err)) // TestOpenAPI* load it first
	}
	schemas := d["components"].(map[string]any)["schemas"].(map[string]any)
	for name, absent := range settingSchemas {
		s := schemas[name].(map[string]any)
		props := s["properties"].(map[string]any)
		for _, f := range model.SettingFields() {
			desc := f.Help + absent
			if f.MaxV4 != f.Max {
				desc += fmt.Sprintf("; at most %d for an IPv4 service", f.MaxV4)
			}
			props[f.Name] = map[string]any{"type": "integer", "minimum": 0, "maximum": f.Max,
				"format": "int64", "description": desc}
			if name == "Service" {
				s["required"] = append(s["required"].([]any), f.Name)
			}
		}
	}
	out, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		panic(err)
	}
	return out
}

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(openAPI)
}

// What a 503 may mean, per kind of request. openapi.json gives each operation a 503 with
// the Error schema; the document served lists every meaning here instead, kept in one place
// as the causes are (statusOf: ErrStopped, store.ErrUnavailable and store.ErrOutcomeUnknown,
// controller.ErrNotLeader, a cancelled request).
const (
	unavailableRead = "unavailable for now; `error` says which, retry (on another controller of a " +
		"group): the controller is stopping; the store does not answer (etcd unreachable or without " +
		"quorum: nothing was read); the request was cancelled or ran out of time"
	unavailableWrite = unavailableRead + "; the store refused the write, nothing written (etcd's " +
		"reason named: out of space, permission denied, no quorum), or other controllers kept " +
		"committing first for 30 s (nothing written); `error` contains \"outcome unknown\": etcd's " +
		"answer to the write was lost and the controller could not tell whether it was applied: " +
		"read the state back before trying again"
	unavailableLeader = "; `error` contains \"not the leader\": only the group's leader takes " +
		"this request, and the message names it when one is known (hvlbctl goes on to the next server)"
)

// leaderOnly are the operations only a group's leader takes (controller.ErrNotLeader).
var leaderOnly = map[string]bool{"post /v1/lb-requests": true}

// with503s is doc with each operation's 503 of the Error schema described by what it may
// mean: reads, writes (whose outcome may be unknown), leader-only requests.
func with503s(doc []byte) []byte {
	var d map[string]any
	if err := json.Unmarshal(doc, &d); err != nil {
		panic(fmt.Sprintf("openapi.json: %v", err))
	}
	for path, ops := range d["paths"].(map[string]any) {
		for method, op := range ops.(map[string]any) {
			o, ok := op.(map[string]any)
			if !ok || method == "parameters" {
				continue
			}
			r, ok := o["responses"].(map[string]any)["503"].(map[string]any)
			if !ok || !strings.Contains(fmt.Sprint(r["content"]), "#/components/schemas/Error") {
				continue
			}
			desc := unavailableRead
			if method != "get" {
				desc = unavailableWrite
			}
			if leaderOnly[method+" "+path] {
				desc += unavailableLeader
			}
			r["description"] = desc
		}
	}
	out, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		panic(err)
	}
	return out
}
