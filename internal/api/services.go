package api

import (
	"fmt"
	"net/http"
	"strconv"

	"hvlb/internal/apitypes"
	"hvlb/internal/controller"
	"hvlb/internal/model"
)

func (s *Server) listServices(r *http.Request) (int, any, error) {
	svcs, err := s.c.Services(r.Context())
	return http.StatusOK, svcs, err
}

func (s *Server) getService(r *http.Request) (int, any, error) {
	svc, err := s.c.Service(r.Context(), r.PathValue("id"))
	return http.StatusOK, svc, err
}

func (s *Server) createService(r *http.Request) (int, any, error) {
	var in apitypes.ServiceInput
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	if in.Port == nil {
		return 0, nil, &model.FieldError{Field: "port", Msg: "required (0: every port)"}
	}
	svc := in.Service()
	pol, err := policyOf(in.Policy)
	if err != nil {
		return 0, nil, err
	}
	if pol != nil {
		svc.Policy = *pol
	}
	if in.ID != nil && *in.ID != "" {
		// Check the id against the canonical one only once the rest is valid.
		probe := svc.Clone()
		if err := model.NormalizeService(&probe); err != nil {
			return 0, nil, err
		}
		if *in.ID != probe.ID {
			return 0, nil, &model.FieldError{Field: "id", Msg: fmt.Sprintf("%q: read-only; this service's id is %q", *in.ID, probe.ID)}
		}
	}
	out, err := s.c.CreateService(r.Context(), svc)
	return http.StatusCreated, out, err
}

func (s *Server) replaceService(r *http.Request) (int, any, error) {
	id := r.PathValue("id")
	var in apitypes.ServiceInput
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	cur, err := s.c.Service(r.Context(), id)
	if err != nil {
		return 0, nil, err
	}
	if err := sameIdentity(in, cur); err != nil {
		return 0, nil, err
	}
	u := controller.ServiceUpdate{Input: in}
	if u.Policy, err = policyOf(in.Policy); err != nil {
		return 0, nil, err
	}
	if in.Version != nil {
		u.IfVersion = *in.Version
	}
	out, err := s.c.ReplaceService(r.Context(), id, u)
	return http.StatusOK, out, err
}

// sameIdentity checks that a PUT body, where it names the service, names this one.
func sameIdentity(in apitypes.ServiceInput, cur model.Service) error {
	if in.ID != nil && *in.ID != "" && *in.ID != cur.ID {
		return &model.FieldError{Field: "id", Msg: fmt.Sprintf("%q: not this service (%s)", *in.ID, cur.ID)}
	}
	if in.Protocol != "" && in.Protocol != cur.Protocol {
		return &model.FieldError{Field: "protocol", Msg: fmt.Sprintf("%q: cannot change (the id is made of it)", in.Protocol)}
	}
	if in.VIP != "" {
		a, err := model.ParseAddr("vip", in.VIP)
		if err != nil {
			return err
		}
		if a.String() != cur.VIP {
			return &model.FieldError{Field: "vip", Msg: fmt.Sprintf("%q: cannot change (the id is made of it)", in.VIP)}
		}
	}
	if in.Port != nil && *in.Port != cur.Port {
		return &model.FieldError{Field: "port", Msg: fmt.Sprintf("%d: cannot change (the id is made of it)", *in.Port)}
	}
	if in.VNI != nil && *in.VNI != cur.VNI {
		return &model.FieldError{Field: "vni", Msg: fmt.Sprintf("%d: cannot change (the id is made of it)", *in.VNI)}
	}
	return nil
}

func (s *Server) deleteService(r *http.Request) (int, any, error) {
	hard, err := queryBool(r, "hard")
	if err != nil {
		return 0, nil, err
	}
	return http.StatusNoContent, nil, s.c.DeleteService(r.Context(), r.PathValue("id"), hard)
}

func (s *Server) addReal(r *http.Request) (int, any, error) {
	id := r.PathValue("id")
	var in apitypes.RealInput
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	svc, err := s.c.Service(r.Context(), id)
	if err != nil {
		return 0, nil, err
	}
	port := svc.Port
	if svc.Mode == model.ModeVXLAN {
		port = 0 // a vxlan real is a VTEP
	}
	out, err := s.c.AddReal(r.Context(), id, in.Real(port))
	return http.StatusCreated, out, err
}

func (s *Server) getReal(r *http.Request) (int, any, error) {
	addr, port, err := realParam(r)
	if err != nil {
		return 0, nil, err
	}
	out, err := s.c.Real(r.Context(), r.PathValue("id"), addr, port)
	return http.StatusOK, out, err
}

func (s *Server) patchReal(r *http.Request) (int, any, error) {
	addr, port, err := realParam(r)
	if err != nil {
		return 0, nil, err
	}
	var in apitypes.RealPatch
	if err := decode(r, &in); err != nil {
		return 0, nil, err
	}
	out, err := s.c.PatchReal(r.Context(), r.PathValue("id"), addr, port,
		controller.RealPatch{Weight: in.Weight, HealthOverride: in.HealthOverride, Drain: in.Drain,
			MetricsURL: in.MetricsURL, CapacityMbps: in.CapacityMbps, ConnLimit: in.ConnLimit})
	return http.StatusOK, out, err
}

func (s *Server) drainReal(r *http.Request) (int, any, error) {
	addr, port, err := realParam(r)
	if err != nil {
		return 0, nil, err
	}
	drain := true
	out, err := s.c.PatchReal(r.Context(), r.PathValue("id"), addr, port, controller.RealPatch{Drain: &drain})
	return http.StatusOK, out, err
}

// zeroService zeroes a service's counters as the forwarders show them (ipvsadm -Z).
func (s *Server) zeroService(r *http.Request) (int, any, error) {
	ids, err := s.c.ZeroCounters(r.Context(), r.PathValue("id"))
	return http.StatusOK, apitypes.Zeroed{Services: ids}, err
}

// zeroAll zeroes the counters of every service.
func (s *Server) zeroAll(r *http.Request) (int, any, error) {
	ids, err := s.c.ZeroCounters(r.Context(), "")
	if ids == nil {
		ids = []string{}
	}
	return http.StatusOK, apitypes.Zeroed{Services: ids}, err
}

func (s *Server) deleteReal(r *http.Request) (int, any, error) {
	addr, port, err := realParam(r)
	if err != nil {
		return 0, nil, err
	}
	hard, err := queryBool(r, "hard")
	if err != nil {
		return 0, nil, err
	}
	return http.StatusNoContent, nil, s.c.DeleteReal(r.Context(), r.PathValue("id"), addr, port, hard)
}

func (s *Server) getVersion(r *http.Request) (int, any, error) {
	v, err := s.c.Version()
	return http.StatusOK, apitypes.Version{Version: v}, err
}

func (s *Server) listChanges(r *http.Request) (int, any, error) {
	since := uint64(0)
	if v := r.URL.Query().Get("since"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, nil, &model.FieldError{Field: "since", Msg: fmt.Sprintf("%q: want a version (an integer >= 0)", v)}
		}
		since = n
	}
	limit, err := queryInt(r, "limit", 100, 1, 10000)
	if err != nil {
		return 0, nil, err
	}
	out, err := s.c.Changes(since, limit)
	return http.StatusOK, out, err
}
