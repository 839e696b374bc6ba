package api

import (
	"net/http"
	"strconv"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/controller"
	"hvlb/internal/model"
)

// pushNFLoad is POST /v1/nf-load: the NFV manager pushes its NFs' CPU utilisation.
func (s *Server) pushNFLoad(r *http.Request) (int, any, error) {
	var in apitypes.NFLoadInput
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	samples := make([]controller.NFLoadSample, len(in.Samples))
	for i, smp := range in.Samples {
		field := func(f string) string { return "samples[" + strconv.Itoa(i) + "]." + f }
		if smp.CPUUtilization == nil {
			return 0, nil, &model.FieldError{Field: field("cpu_utilization"), Msg: "required (0..1)"}
		}
		samples[i] = controller.NFLoadSample{Address: smp.Address, Utilization: *smp.CPUUtilization}
		if smp.At != "" {
			at, err := time.Parse(time.RFC3339Nano, smp.At)
			if err != nil {
				return 0, nil, &model.FieldError{Field: field("at"), Msg: "want an RFC 3339 time, e.g. 2026-01-02T15:04:05Z"}
			}
			samples[i].At = at
		}
	}
	n, err := s.c.PushNFLoad(r.Context(), samples)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, apitypes.NFLoadResult{Accepted: n}, nil
}
