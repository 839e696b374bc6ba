package nfsim

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"
)

// HeaderNF names the NF in every HTTP reply.
const HeaderNF = "X-Hvlb-Nf"

// maxBytes bounds one /bytes download.
const maxBytes = 1 << 36

// fill is the payload of downloads and bulk sources.
var fill = func() []byte {
	b := make([]byte, 64<<10)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}()

func (s *Server) newHTTPServer(ctx context.Context) *http.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /bytes", s.handleBytes)
	mux.HandleFunc("POST /", s.handleSink)
	mux.HandleFunc("PUT /", s.handleSink)
	mux.HandleFunc("GET /", s.handleHello)
	return &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ConnState: func(_ net.Conn, st http.ConnState) {
			switch st {
			case http.StateNew:
				s.m.conns.WithLabelValues(protoHTTP).Inc()
				s.m.connsOpen.WithLabelValues(protoHTTP).Inc()
			case http.StateClosed, http.StateHijacked:
				s.m.connsOpen.WithLabelValues(protoHTTP).Dec()
			}
		},
	}
}

// serve is what every request costs: wait for capacity, do the work, wait the extra delay.
// It returns false if ctx ended first.
func (s *Server) serve(ctx context.Context) bool {
	st := s.Settings()
	if err := s.limiter.Wait(ctx); err != nil {
		return false
	}
	doWork(st.Work())
	return sleepCtx(ctx, st.Delay())
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

func (s *Server) begin(w http.ResponseWriter, r *http.Request) (time.Time, bool) {
	start := time.Now()
	if !s.serve(r.Context()) {
		http.Error(w, "nf shutting down", http.StatusServiceUnavailable)
		return start, false
	}
	w.Header().Set(HeaderNF, s.cfg.Name)
	return start, true
}

func (s *Server) done(start time.Time, rx, tx int64) {
	s.m.requests.WithLabelValues(protoHTTP).Inc()
	s.m.rxBytes.WithLabelValues(protoHTTP).Add(float64(rx))
	s.m.txBytes.WithLabelValues(protoHTTP).Add(float64(tx))
	s.m.latency.WithLabelValues(protoHTTP).Observe(time.Since(start).Seconds())
}

// handleHello answers GET / with the NF's name and the addresses it saw, so a test can tell
// which NF served it and whether the client address survived the load balancer.
func (s *Server) handleHello(w http.ResponseWriter, r *http.Request) {
	start, ok := s.begin(w, r)
	if !ok {
		return
	}
	local := ""
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		local = a.String()
	}
	body := fmt.Sprintf("nf=%s\nclient=%s\nserver=%s\n", s.cfg.Name, r.RemoteAddr, local)
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	n, _ := io.WriteString(w, body)
	s.done(start, 0, int64(n))
}

// handleBytes answers GET /bytes?n=N with N bytes (default 1 MiB).
func (s *Server) handleBytes(w http.ResponseWriter, r *http.Request) {
	n := int64(1 << 20)
	if q := r.URL.Query().Get("n"); q != "" {
		v, err := strconv.ParseInt(q, 10, 64)
		if err != nil || v < 0 || v > maxBytes {
			http.Error(w, fmt.Sprintf("bytes: n=%q: want an integer in [0, %d]", q, int64(maxBytes)),
				http.StatusBadRequest)
			return
		}
		n = v
	}
	start, ok := s.begin(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", strconv.FormatInt(n, 10))
	var sent int64
	for sent < n {
		k, err := w.Write(fill[:min(int64(len(fill)), n-sent)])
		sent += int64(k)
		if err != nil {
			break
		}
	}
	s.done(start, 0, sent)
}

// handleSink reads and discards a POST or PUT body and answers with its length.
func (s *Server) handleSink(w http.ResponseWriter, r *http.Request) {
	n, err := io.Copy(io.Discard, r.Body)
	if err != nil {
		s.m.rxBytes.WithLabelValues(protoHTTP).Add(float64(n))
		return
	}
	start, ok := s.begin(w, r)
	if !ok {
		return
	}
	body := fmt.Sprintf("nf=%s\nbytes=%d\n", s.cfg.Name, n)
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	k, _ := io.WriteString(w, body)
	s.done(start, n, int64(k))
}
