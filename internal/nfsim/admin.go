package nfsim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// adminHandler serves the NF's management endpoint:
//
//	GET  /metrics   Prometheus metrics
//	GET  /knobs     the knobs in force, as JSON
//	POST /knobs     change some knobs: a JSON Patch body, or query parameters
//	                (curl -X POST 'http://NF:9100/knobs?cpu_load_pct=80&delay_ms=5')
//	GET  /healthz   200 "ok"
func (s *Server) adminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /knobs", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, s.Settings())
	})
	setKnobs := func(w http.ResponseWriter, r *http.Request) {
		p, err := parsePatch(r)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
		st, err := s.Update(r.Context(), p)
		if err != nil {
			code := http.StatusInternalServerError
			if errors.Is(err, ErrInvalidKnob) {
				code = http.StatusBadRequest
			}
			writeJSON(w, code, map[string]string{"error": err.Error()})
			return
		}
		writeJSON(w, http.StatusOK, st)
	}
	mux.HandleFunc("POST /knobs", setKnobs)
	mux.HandleFunc("PUT /knobs", setKnobs)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok\n")
	})
	return mux
}

// parsePatch reads knobs from the query string and, if present, a JSON body; the body
// wins where both name a knob.
func parsePatch(r *http.Request) (Patch, error) {
	var p Patch
	fields := map[string]**float64{
		"work_us": &p.WorkUS, "max_rps": &p.MaxRPS, "delay_ms": &p.DelayMS,
		"cpu_load_pct": &p.CPULoadPct,
	}
	for k, vs := range r.URL.Query() {
		dst, ok := fields[k]
		if !ok {
			return p, fmt.Errorf("knob %q: unknown", k)
		}
		v, err := strconv.ParseFloat(vs[len(vs)-1], 64)
		if err != nil {
			return p, fmt.Errorf("knob %s=%q: %w", k, vs[len(vs)-1], err)
		}
		*dst = &v
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		return p, fmt.Errorf("read body: %w", err)
	}
	if len(body) > 0 {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return p, fmt.Errorf("knobs body: %w", err)
		}
	}
	return p, nil
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
