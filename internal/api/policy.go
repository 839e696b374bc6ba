package api

import (
	"net/http"
	"reflect"
	"strings"

	"hvlb/internal/model"
	"hvlb/internal/policy"
)

// policyIn is a service's "policy" in a request body: the kind, and for comprehensive
// any of the policy's parameters (absent ones take policy.DefaultParams).
type policyIn struct {
	Kind                string   `json:"kind"`
	Gamma               *float64 `json:"gamma"`
	MaxRTTMs            *float64 `json:"max_rtt_ms"`
	MinAvailMbps        *float64 `json:"min_avail_mbps"`
	CPUHigh             *float64 `json:"cpu_high"`
	CPUHysteresis       *float64 `json:"cpu_hysteresis"`
	Smoothing           *float64 `json:"smoothing"`
	ChangeThreshold     *float64 `json:"change_threshold"`
	StaleAfterMS        *int64   `json:"stale_after_ms"`
	Scale               *int     `json:"scale"`
	DefaultCapacityMbps *float64 `json:"default_capacity_mbps"`
	RTTFloorMS          *float64 `json:"rtt_floor_ms"`
}

// toModel returns the policy the body asks for; ranges are checked by the controller.
func (in *policyIn) toModel() (*model.Policy, error) {
	if in == nil {
		return nil, nil
	}
	kind := in.Kind
	if kind == "" {
		kind = model.PolicyStatic
	}
	p := policy.DefaultParams().Model()
	given := "" // the first parameter given, by JSON name
	// Copy every parameter given onto the defaults, by field name (the two types share them).
	vin, vp := reflect.ValueOf(in).Elem(), reflect.ValueOf(&p).Elem()
	for i := 1; i < vin.NumField(); i++ {
		f := vin.Field(i)
		if f.IsNil() {
			continue
		}
		if given == "" {
			given, _, _ = strings.Cut(vin.Type().Field(i).Tag.Get("json"), ",")
		}
		vp.FieldByName(vin.Type().Field(i).Name).Set(f.Elem())
	}
	switch {
	case kind == model.PolicyComprehensive:
		return &model.Policy{Kind: kind, PolicyParams: &p}, nil
	case kind == model.PolicyStatic && given != "":
		return nil, &model.FieldError{Field: "policy." + given, Msg: "only for kind comprehensive"}
	}
	return &model.Policy{Kind: kind}, nil // another kind: NormalizeService names it
}

func (s *Server) getServicePolicy(r *http.Request) (int, any, error) {
	n, err := queryInt(r, "history", -1, 0, 100000)
	if err != nil {
		return 0, nil, err
	}
	out, err := s.c.ServicePolicy(r.Context(), r.PathValue("id"), n)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, out, nil
}
