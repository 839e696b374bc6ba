package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"sort"
	"strings"
	"syscall"
	"time"

	"hvlb/internal/fwdquery"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

// PoolQueryTimeout bounds one GET /v1/conns or /v1/trace: the forwarders are asked through
// their agents, one page or one trace each.
const PoolQueryTimeout = 10 * time.Second

// connStates are the states ListConnections names (core/conn_state.c).
var connStates = []string{"syn_sent", "syn_recv", "established", "fin_wait", "time_wait",
	"close", "udp", "unconfirmed"}

// GET /v1/conns: the pool's connections live, filtered by the forwarders themselves.
func (s *Server) listConns(r *http.Request) (int, any, error) {
	q := r.URL.Query()
	f := fwdquery.ConnFilter{Protocol: q.Get("protocol"), VIP: q.Get("vip"), Real: q.Get("real"),
		Client: q.Get("client"), State: q.Get("state")}
	if err := checkConnFilter(f); err != nil {
		return 0, nil, err
	}
	limit, err := queryInt(r, "limit", 100, 1, 1000)
	if err != nil {
		return 0, nil, err
	}
	fwds, err := s.poolForwarders(r.Context(), q.Get("forwarder"))
	if err != nil {
		return 0, nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), PoolQueryTimeout)
	defer cancel()
	page, err := fwdquery.ListConns(ctx, s.c.Queries(), fwds, f, limit, q.Get("cursor"))
	if err != nil {
		return 0, nil, refusalField(err, "list_connections.")
	}
	return http.StatusOK, page, nil
}

// GET /v1/trace: what each forwarder does with one flow.
func (s *Server) traceFlow(r *http.Request) (int, any, error) {
	q := r.URL.Query()
	proto, client, vip := q.Get("protocol"), q.Get("client"), q.Get("vip")
	if proto != "tcp" && proto != "udp" {
		return 0, nil, &model.FieldError{Field: "protocol", Msg: fmt.Sprintf("%q: want tcp or udp", proto)}
	}
	for _, p := range []struct{ name, v string }{{"client", client}, {"vip", vip}} {
		if ap, err := netip.ParseAddrPort(p.v); err != nil || ap.Port() == 0 {
			return 0, nil, &model.FieldError{Field: p.name, Msg: fmt.Sprintf("%q: want ADDR:PORT ([ADDR]:PORT for IPv6), port above 0", p.v)}
		}
	}
	fwds, err := s.poolForwarders(r.Context(), q.Get("forwarder"))
	if err != nil {
		return 0, nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), PoolQueryTimeout)
	defer cancel()
	out, err := fwdquery.Trace(ctx, s.c.Queries(), fwds, proto, client, vip)
	if err != nil {
		return 0, nil, refusalField(err, "trace_flow.")
	}
	return http.StatusOK, out, nil
}

// poolForwarders: the forwarders the store knows and those with a query stream, sorted;
// only one when the request names it (404 when none of either is).
func (s *Server) poolForwarders(ctx context.Context, only string) ([]string, error) {
	if only != "" {
		if err := model.ValidName("forwarder", only); err != nil {
			return nil, err
		}
	}
	all, err := s.c.Forwarders(ctx)
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for _, f := range all {
		set[f.ID] = true
	}
	for _, id := range s.c.Queries().Connected() {
		set[id] = true
	}
	if only != "" {
		if !set[only] {
			return nil, fmt.Errorf("forwarder %q: %w", only, store.ErrNotFound)
		}
		return []string{only}, nil
	}
	out := make([]string, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Strings(out)
	return out, nil
}

// checkConnFilter refuses a filter no forwarder would take, naming the field (the
// forwarder checks it again, with the same rules).
func checkConnFilter(f fwdquery.ConnFilter) error {
	if f.Protocol != "" && f.Protocol != "tcp" && f.Protocol != "udp" {
		return &model.FieldError{Field: "protocol", Msg: fmt.Sprintf("%q: want tcp or udp", f.Protocol)}
	}
	if f.State != "" && !contains(connStates, f.State) {
		return &model.FieldError{Field: "state", Msg: fmt.Sprintf("%q: want one of %s", f.State, strings.Join(connStates, ", "))}
	}
	for _, e := range []struct {
		name, v string
		prefix  bool
	}{{"vip", f.VIP, false}, {"real", f.Real, false}, {"client", f.Client, true}} {
		if e.v == "" || validEndpoint(e.v) || e.prefix && validPrefix(e.v) {
			continue
		}
		want := "ADDR or ADDR:PORT ([ADDR]:PORT for IPv6)"
		if e.prefix {
			want = "ADDR, ADDR/LEN or ADDR:PORT ([ADDR]:PORT for IPv6)"
		}
		return &model.FieldError{Field: e.name, Msg: fmt.Sprintf("%q: want %s", e.v, want)}
	}
	return nil
}

func validEndpoint(s string) bool {
	if _, err := netip.ParseAddr(s); err == nil {
		return !strings.Contains(s, "%")
	}
	_, err := netip.ParseAddrPort(s)
	return err == nil
}

func validPrefix(s string) bool {
	_, err := netip.ParsePrefix(s)
	return err == nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// refusalField: a forwarder's EINVAL names its field as "op.field: ..."; the API's 400
// names it without the op.
func refusalField(err error, op string) error {
	var fr *fwdquery.ForwarderRefusal
	if !errors.As(err, &fr) {
		return err
	}
	if fr.Status == syscall.EINVAL {
		field, _, _ := strings.Cut(strings.TrimPrefix(fr.Message, op), ":")
		return &model.FieldError{Field: field, Msg: err.Error()}
	}
	if fr.Status == syscall.ENOENT {
		return fmt.Errorf("%w: %v", store.ErrNotFound, err)
	}
	return fmt.Errorf("%v (errno %d)", err, int(fr.Status))
}
