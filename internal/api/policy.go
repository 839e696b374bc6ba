package api

import (
	"net/http"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
	"hvlb/internal/policy"
)

// policyOf returns the policy a request body asks for (nil: none given), its absent
// parameters taking policy.DefaultParams; ranges are checked by the controller.
func policyOf(in *apitypes.PolicyInput) (*model.Policy, error) {
	if in == nil {
		return nil, nil
	}
	kind := in.Kind
	if kind == "" {
		kind = model.PolicyStatic
	}
	p := policy.DefaultParams().Model()
	given := in.ApplyTo(&p) // the first parameter given, by JSON name
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
