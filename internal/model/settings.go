package model

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// ServiceSettings are a service's plain settings: numbers with a range, named once here (and
// in the forwarder's core/vs_settings.h, with the same names as proto/fwd.proto's fields) and
// carried by name through every layer with no code of their own (docs/architecture.md,
// "Adding a service field"): the REST input (apitypes.SettingsInput, generated from this
// struct), validation (each field's max tag; a rule that involves other fields in
// checkSettings below), hvlbctl's flags (--<name with dashes>, with the help tag) and
// --forwarder's, the controller's desired VirtualService and the agent's update (by JSON
// name), and the forwarder's file, API and saved state (by the proto's name).
//
// Tags: json, the name; max, the largest value (0, the default, is always allowed); maxv4,
// a smaller largest value for a service of an IPv4 VIP; help, what the flag says.
type ServiceSettings struct {
	// ConnRateLimit is the new connections a second each forwarder accepts for the service
	// (0: no limit); those past it are dropped (vs_rate_limited).
	ConnRateLimit int `json:"conn_rate_limit" max:"4294967295" help:"new connections a second each forwarder accepts (0: no limit)"`
	// PersistenceTimeout is source-IP persistence (ipvsadm -p; docs/scheduling.md): a
	// client's new connections go to the real of its earlier ones while it opens one at least
	// every so many seconds (0: off). Not with hash sip_call_id.
	PersistenceTimeout int `json:"persistence_timeout" max:"86400" help:"source-IP persistence: a client's new connections go to the real of its earlier ones while it opens one at least every so many seconds (ipvsadm -p; 0: off)"`
	// PersistencePrefix is the bits of a client's address that make one client for
	// persistence (ipvsadm -M; 0: all of them).
	PersistencePrefix int `json:"persistence_prefix" max:"128" maxv4:"32" help:"the bits of a client's address that make one client for persistence (ipvsadm -M; 0: all)"`
}

// SettingField is one field of ServiceSettings as its tags describe it.
type SettingField struct {
	Name  string // the JSON name, which is the proto's
	Index int    // in ServiceSettings
	Max   int
	MaxV4 int // Max when the tag is absent
	Help  string
}

// Flag is the field's hvlbctl flag name.
func (f SettingField) Flag() string { return strings.ReplaceAll(f.Name, "_", "-") }

// SettingFields lists ServiceSettings' fields, in order.
func SettingFields() []SettingField {
	t := reflect.TypeOf(ServiceSettings{})
	out := make([]SettingField, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		f := SettingField{Name: name, Index: i, Help: sf.Tag.Get("help")}
		var err error
		if f.Max, err = strconv.Atoi(sf.Tag.Get("max")); err != nil || sf.Type.Kind() != reflect.Int {
			panic(fmt.Sprintf("model.ServiceSettings.%s: an int with a max tag", sf.Name)) // caught by every test
		}
		f.MaxV4 = f.Max
		if v := sf.Tag.Get("maxv4"); v != "" {
			f.MaxV4, _ = strconv.Atoi(v)
		}
		out = append(out, f)
	}
	return out
}

// Get is the field's value in s.
func (f SettingField) Get(s ServiceSettings) int { return int(reflect.ValueOf(s).Field(f.Index).Int()) }

// Set sets the field in *s.
func (f SettingField) Set(s *ServiceSettings, v int) {
	reflect.ValueOf(s).Elem().Field(f.Index).SetInt(int64(v))
}

// validateSettings checks each setting of s against its range, then the rules between
// settings and the rest of the service.
func validateSettings(s *Service) error {
	v4 := strings.Contains(s.VIP, ".")
	for _, f := range SettingFields() {
		max := f.Max
		if v4 {
			max = f.MaxV4
		}
		if v := f.Get(s.ServiceSettings); v < 0 || v > max {
			return fieldErr(f.Name, "%d: want 0..%d", v, max)
		}
	}
	return checkSettings(s)
}

// checkSettings holds the rules of settings that involve other fields of the service, one
// per setting that has one (the forwarder has the same, in the check its row names).
func checkSettings(s *Service) error {
	if s.PersistenceTimeout != 0 && s.Hash == HashSIPCallID {
		return fieldErr("persistence_timeout", "not with hash sip_call_id (a call's messages go by its Call-ID)")
	}
	return nil
}
