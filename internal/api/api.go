// Package api is the controller's REST/JSON API (docs/api.md): services and their reals,
// forwarders, stats, connections, the NFV manager's load-balancing requests, plus
// /healthz, /metrics and the OpenAPI document at /openapi.json. Handlers decode and
// check the request, call the controller, and map its errors to statuses whose message
// names the field or object at fault.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/controller"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

// MaxBodyBytes bounds a request body.
const MaxBodyBytes = 1 << 20

// Config configures the API.
type Config struct {
	Controller *controller.Controller
	Tokens     *Tokens      // nil: no authentication (--insecure-dev only)
	Metrics    http.Handler // served at /metrics; nil: 404
	Log        *slog.Logger
}

// Server is the REST API.
type Server struct {
	c       *controller.Controller
	tokens  *Tokens
	metrics http.Handler
	log     *slog.Logger
	mux     *http.ServeMux
}

// handler is a JSON endpoint: it returns the status and body of a success, or an error
// that writeError maps.
type handler func(r *http.Request) (int, any, error)

// route is one endpoint. The OpenAPI document must list exactly these (a test checks).
type route struct {
	method, path string
	public       bool
	json         handler
	raw          http.HandlerFunc
}

// New returns the API server.
func New(cfg Config) *Server {
	s := &Server{c: cfg.Controller, tokens: cfg.Tokens, metrics: cfg.Metrics, log: cfg.Log}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.mux = http.NewServeMux()
	for _, rt := range s.routes() {
		var h http.Handler = rt.raw
		if rt.json != nil {
			h = s.serveJSON(rt.json)
		}
		if !rt.public {
			h = s.auth(h)
		}
		s.mux.Handle(rt.method+" "+rt.path, h)
	}
	return s
}

// noRoute answers, in JSON, a request the mux has no route for: 405 with Allow when the
// path exists with other methods, else 404.
func noRoute(w http.ResponseWriter, r *http.Request, muxAnswer http.Handler) {
	probe := &headerProbe{header: http.Header{}}
	muxAnswer.ServeHTTP(probe, r)
	if probe.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", probe.header.Get("Allow"))
		writeJSON(w, http.StatusMethodNotAllowed, apitypes.Error{
			Error: fmt.Sprintf("%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, probe.header.Get("Allow"))})
		return
	}
	writeJSON(w, http.StatusNotFound, apitypes.Error{Error: fmt.Sprintf("%s %s: no such endpoint", r.Method, r.URL.Path)})
}

// headerProbe records the status and headers the mux's own 404/405 answer sets.
type headerProbe struct {
	header http.Header
	status int
}

func (p *headerProbe) Header() http.Header         { return p.header }
func (p *headerProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *headerProbe) WriteHeader(code int)        { p.status = code }

func (s *Server) routes() []route {
	return []route{
		{method: "GET", path: "/healthz", public: true, raw: s.healthz},
		{method: "GET", path: "/metrics", public: true, raw: s.serveMetrics},
		{method: "GET", path: "/openapi.json", public: true, raw: serveOpenAPI},
		{method: "GET", path: "/v1/version", json: s.getVersion},
		{method: "GET", path: "/v1/changes", json: s.listChanges},
		{method: "GET", path: "/v1/services", json: s.listServices},
		{method: "POST", path: "/v1/services", json: s.createService},
		{method: "GET", path: "/v1/services/{id}", json: s.getService},
		{method: "PUT", path: "/v1/services/{id}", json: s.replaceService},
		{method: "DELETE", path: "/v1/services/{id}", json: s.deleteService},
		{method: "GET", path: "/v1/services/{id}/policy", json: s.getServicePolicy},
		{method: "POST", path: "/v1/services/{id}/reals", json: s.addReal},
		{method: "GET", path: "/v1/services/{id}/reals/{real}", json: s.getReal},
		{method: "PATCH", path: "/v1/services/{id}/reals/{real}", json: s.patchReal},
		{method: "DELETE", path: "/v1/services/{id}/reals/{real}", json: s.deleteReal},
		{method: "POST", path: "/v1/services/{id}/reals/{real}/drain", json: s.drainReal},
		{method: "POST", path: "/v1/services/{id}/zero", json: s.zeroService},
		{method: "POST", path: "/v1/zero", json: s.zeroAll},
		{method: "GET", path: "/v1/forwarders", json: s.listForwarders},
		{method: "GET", path: "/v1/forwarders/{id}", json: s.getForwarder},
		{method: "GET", path: "/v1/forwarders/{id}/steering", json: s.getSteering},
		{method: "PUT", path: "/v1/forwarders/{id}/drain", json: s.drainForwarder},
		{method: "PUT", path: "/v1/forwarders/{id}/local-pool", json: s.setLocalPool},
		{method: "DELETE", path: "/v1/forwarders/{id}/drain", json: s.undrainForwarder},
		{method: "GET", path: "/v1/stats", json: s.getStats},
		{method: "GET", path: "/v1/rates", json: s.getRates},
		{method: "GET", path: "/v1/connections", json: s.listConnections},
		{method: "GET", path: "/v1/controllers", json: s.getControllers},
		{method: "GET", path: "/v1/conns", json: s.listConns},
		{method: "GET", path: "/v1/trace", json: s.traceFlow},
		{method: "POST", path: "/v1/capture", json: s.capture},
		{method: "POST", path: "/v1/nf-load", json: s.pushNFLoad},
		{method: "POST", path: "/v1/lb-requests", json: s.createLBRequest},
		{method: "GET", path: "/v1/lb-requests", json: s.listLBRequests},
		{method: "GET", path: "/v1/lb-requests/{id}", json: s.getLBRequest},
	}
}

// ServeHTTP serves the API, logging each request and turning a panic into a 500.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("api: panic", "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
			if !rw.wrote {
				writeJSON(rw, http.StatusInternalServerError, apitypes.Error{Error: "internal error"})
			}
		}
		s.log.Debug("api", "method", r.Method, "path", r.URL.Path, "status", rw.status, "took", time.Since(start))
	}()
	r.Body = http.MaxBytesReader(rw, r.Body, MaxBodyBytes)
	if h, pattern := s.mux.Handler(r); pattern == "" {
		noRoute(rw, r, h)
		return
	}
	s.mux.ServeHTTP(rw, r)
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// auth requires a bearer token from the tokens file.
func (s *Server) auth(next http.Handler) http.Handler {
	if s.tokens == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.tokens.CheckHeader(r.Header.Get("Authorization")) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hvlb"`)
			writeJSON(w, http.StatusUnauthorized, apitypes.Error{Error: "Authorization: no or bad bearer token"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) serveJSON(h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		status, body, err := h(r)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		if body == nil {
			w.WriteHeader(status)
			return
		}
		writeJSON(w, status, body)
	})
}

// statusOf maps an error to its HTTP status.
func statusOf(err error) int {
	var fe *model.FieldError
	var tooBig *http.MaxBytesError
	var he *httpError
	switch {
	case errors.As(err, &he):
		return he.status
	case errors.As(err, &tooBig):
		return http.StatusRequestEntityTooLarge
	case errors.As(err, &fe):
		return http.StatusBadRequest
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, store.ErrExists), errors.Is(err, store.ErrConflict):
		return http.StatusConflict
	case errors.Is(err, controller.ErrNoRoom):
		return http.StatusUnprocessableEntity
	case errors.Is(err, controller.ErrWebhook):
		return http.StatusBadGateway
	case errors.Is(err, controller.ErrStopped), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, store.ErrUnavailable), errors.Is(err, controller.ErrNotLeader):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	body := apitypes.Error{Error: err.Error()}
	var fe *model.FieldError
	if errors.As(err, &fe) {
		body.Field = fe.Field
	}
	if status >= 500 {
		s.log.Error("api: request failed", "method", r.Method, "path", r.URL.Path, "status", status, "err", err)
		if status == http.StatusInternalServerError {
			body.Error = "internal error: " + err.Error()
		}
	}
	writeJSON(w, status, body)
}

// httpError carries a status of its own (415, for one).
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// healthz: 200 while the store answers; either way it says this controller's role in its
// group (standalone, leader or follower) and the leader it last saw.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	role, leader := s.c.Role()
	body := map[string]string{"status": "ok", "role": role}
	if leader != "" {
		body["leader"] = leader
	}
	// A store that does not answer (etcd cut off) makes a health check wait no longer than
	// healthzStoreWait; the read goes on in the background until its own time limit.
	answer := make(chan error, 1)
	go func() { _, err := s.c.Version(); answer <- err }()
	var err error
	select {
	case err = <-answer:
	case <-time.After(healthzStoreWait):
		err = fmt.Errorf("no answer within %s", healthzStoreWait)
	}
	if err != nil {
		body["status"] = "store: " + err.Error()
		writeJSON(w, http.StatusServiceUnavailable, body)
		return
	}
	writeJSON(w, http.StatusOK, body)
}

// healthzStoreWait is how long /healthz waits for the store.
const healthzStoreWait = time.Second

func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	if s.metrics == nil {
		writeJSON(w, http.StatusNotFound, apitypes.Error{Error: "metrics are not enabled"})
		return
	}
	s.metrics.ServeHTTP(w, r)
}
