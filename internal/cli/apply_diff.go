package cli

// apply's comparison of a file's service with the controller's: whole objects, field by
// field over every JSON field of the API's input types (apitypes.ServiceInput, RealInput),
// so that a field added to the API is compared, shown and sent without a line here.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// Fields of the input types that apply does not replace: the service's identity (a file
// with another one is another service), its reals (compared one by one), and what is
// read-only.
var (
	serviceNotReplaced = []string{"id", "protocol", "vip", "port", "vni", "reals", "version", "counters_zeroed_at"}
	realNotReplaced    = []string{"address", "port", "health", "health_reason", "version"}
)

// jsonFields lists the JSON names of struct type t's fields, in order, but those in skip;
// an embedded struct's fields (the settings) are t's own in JSON.
func jsonFields(t reflect.Type, skip []string) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Anonymous && t.Field(i).Type.Kind() == reflect.Struct {
			out = append(out, jsonFields(t.Field(i).Type, skip)...)
			continue
		}
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" && !slices.Contains(skip, name) {
			out = append(out, name)
		}
	}
	return out
}

// serviceFields and realFields are what PUT of a service and PATCH of a real replace.
func serviceFields() []string {
	return jsonFields(reflect.TypeOf(apitypes.ServiceInput{}), serviceNotReplaced)
}
func realFields() []string { return jsonFields(reflect.TypeOf(apitypes.RealInput{}), realNotReplaced) }

// asMap is v as a JSON object.
func asMap(v any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the API's own types always marshal
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	return m
}

// same reports whether two JSON values are equal, an absent value equal to its zero
// (null, "", 0, false, [] or {}), as the API leaves zeros out.
func same(a, b any) bool {
	if isZero(a) && isZero(b) {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func isZero(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case float64:
		return x == 0
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case map[string]any:
		for _, e := range x {
			if !isZero(e) {
				return false
			}
		}
		return true
	}
	return false
}

func show(v any) string {
	switch x := v.(type) {
	case nil:
		return "none"
	case string:
		return dash(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// update is the requests that change service c into what s asks: a PUT of the whole
// service when a field the file gives differs (with the version read, so that a change
// made meanwhile is not overwritten), then one request per real that differs.
func (f *declFile) update(s *fileService, c *service) []change {
	var out []change
	id := c.ID
	cur := c.Service
	if n := cur.Clone(); model.NormalizeService(&n) == nil {
		cur = n // compared in the same canonical form as the file's
	}
	want, have, in := asMap(s.want), asMap(cur), asMap(s.in)
	// The PUT carries every field as it is now, so that none is reset, and the file's
	// where they differ. The policy goes only when it changes: the file may give some
	// of its parameters, and PUT keeps an absent one.
	put := map[string]any{}
	for _, k := range serviceFields() {
		if k != "policy" && have[k] != nil {
			put[k] = have[k]
		}
	}
	put["version"] = c.Version
	var diffs []string
	for _, k := range serviceFields() {
		// A file that names the mode names its encap too: none when it gives none.
		if !s.given[k] && !(k == "encap" && s.given["mode"]) {
			continue
		}
		switch {
		case k == "policy":
			if s.in.Policy == nil || subset(s.in.Policy, c.Policy) {
				continue
			}
			diffs = append(diffs, fmt.Sprintf("policy %s -> %s", compact(c.Policy), compact(s.in.Policy)))
			put[k] = s.in.Policy
			continue
		case k == "forwarders":
			if sameSet(s.want.Forwarders, cur.Forwarders) {
				continue
			}
		case same(want[k], have[k]):
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%s %s -> %s", k, show(have[k]), show(want[k])))
		put[k] = firstNonNil(want[k], in[k])
		if put[k] == nil {
			put[k] = zeroOf(k) // the file clears it: PUT clears with the zero
		}
	}
	if len(diffs) > 0 {
		out = append(out, change{"update service " + id + ": " + strings.Join(diffs, ", "), func(cl *client) error {
			_, _, err := cl.do(http.MethodPut, servicePath(id), put)
			var ae *APIError
			if errors.As(err, &ae) && ae.Status == http.StatusConflict {
				return fmt.Errorf("%w: the service changed on the controller since it was read (version %d); apply again", err, c.Version)
			}
			return f.apiError(s, err)
		}})
	}
	if s.reals == nil {
		return out
	}
	return append(out, f.updateReals(s, c)...)
}

// zeroOf is the value that clears field k of a service in a PUT: {} for an object (the
// timeouts: none of its own), else "" or 0 as the field's type says.
func zeroOf(k string) any {
	t := reflect.TypeOf(apitypes.ServiceInput{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != k {
			continue
		}
		ft := t.Field(i).Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch ft.Kind() {
		case reflect.Struct:
			return map[string]any{}
		case reflect.String:
			return ""
		case reflect.Slice:
			return []any{}
		}
		return 0
	}
	return nil
}

func firstNonNil(v ...any) any {
	for _, x := range v {
		if x != nil {
			return x
		}
	}
	return nil
}

// updateReals adds, changes and deletes the reals of c so that they are the file's.
func (f *declFile) updateReals(s *fileService, c *service) []change {
	var out []change
	id := c.ID
	have := map[string]*model.Real{}
	for i := range c.Reals {
		have[c.Reals[i].Key()] = &c.Reals[i]
	}
	wanted := map[string]bool{}
	for i, fr := range s.reals {
		r := fr.want
		key := r.Key()
		wanted[key] = true
		ap, err := parseAddrPort("real", key)
		if err != nil {
			continue // NormalizeService made it canonical
		}
		cr := have[key]
		if cr == nil {
			in := s.in.Reals[i]
			port := r.Port
			in.Port, in.Health, in.HealthReason, in.Version = &port, nil, nil, nil
			out = append(out, change{fmt.Sprintf("add real %s %s weight %d", id, key, r.Weight), func(cl *client) error {
				_, _, err := cl.do(http.MethodPost, servicePath(id)+"/reals", in)
				return f.apiError(s, err)
			}})
			continue
		}
		want, cur := asMap(r), asMap(cr)
		patch := map[string]any{}
		var rd []string
		for _, k := range realFields() {
			if !fr.given[k] || same(want[k], cur[k]) {
				continue
			}
			patch[k] = want[k]
			rd = append(rd, fmt.Sprintf("%s %s -> %s", k, show(cur[k]), show(want[k])))
		}
		if len(rd) > 0 {
			out = append(out, change{fmt.Sprintf("update real %s %s: %s", id, key, strings.Join(rd, ", ")), func(cl *client) error {
				_, _, err := cl.do(http.MethodPatch, realPath(id, ap), patch)
				return f.apiError(s, err)
			}})
		}
	}
	for _, cr := range c.Reals {
		if wanted[cr.Key()] {
			continue
		}
		key := cr.Key()
		ap, err := parseAddrPort("real", key)
		if err != nil {
			continue
		}
		out = append(out, change{fmt.Sprintf("delete real %s %s", id, key), func(cl *client) error {
			_, _, err := cl.do(http.MethodDelete, realPath(id, ap), nil)
			return err
		}})
	}
	return out
}
