package api

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"

	"hvlb/internal/model"
)

// openAPIFile is the OpenAPI 3 document of every route in routes(), but for the services'
// plain settings (model.ServiceSettings), which OpenAPI puts in from the model's tags;
// TestOpenAPIMatchesRoutes keeps it in step with the routes, TestOpenAPISchemasMatchTypes
// with the types.
//
//go:embed openapi.json
var openAPIFile []byte

var openAPI = withSettings(openAPIFile)

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
