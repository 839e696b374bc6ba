package controller

import (
	"encoding/json"
	"fmt"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// How a PUT's body replaces a service's fields, field by field by JSON name (model.Service
// and apitypes.ServiceInput share the names: apitypes' TestSchemaLayersAgree):
//   - putReplaced: replaced whole, an absent one meaning the default (the mode, its encap,
//     the scheduler, where it runs, its health check);
//   - putNotFromBody: the identity (checked apart), the reals (their own requests), the
//     policy (ServiceUpdate.Policy) and what is read-only;
//   - every other field: replaced when the body gives it (a value, "" or null being none),
//     kept when it does not: a field added to the API follows this rule with no line here.
var (
	putReplaced    = []string{"mode", "encap", "scheduler", "forwarders", "health_check"}
	putNotFromBody = map[string]bool{"id": true, "protocol": true, "vip": true, "port": true, "vni": true,
		"reals": true, "policy": true, "version": true, "counters_zeroed_at": true}
)

// putFields applies in to s as a PUT does.
func putFields(s *model.Service, in apitypes.ServiceInput) error {
	cur, err := jsonObject(s)
	if err != nil {
		return err
	}
	body, err := jsonObject(in)
	if err != nil {
		return err
	}
	for _, k := range putReplaced {
		delete(cur, k)
	}
	for k, v := range body {
		if !putNotFromBody[k] && string(v) != `""` && string(v) != "null" {
			cur[k] = v
		}
	}
	b, err := json.Marshal(cur)
	if err != nil {
		return err
	}
	var out model.Service
	if err := json.Unmarshal(b, &out); err != nil {
		return fmt.Errorf("service %s: %w", s.ID, err)
	}
	*s = out
	return nil
}

func jsonObject(v any) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	return m, json.Unmarshal(b, &m)
}
