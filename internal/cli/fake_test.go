package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/certs"
	"hvlb/internal/model"
)

// fake is a controller that implements the endpoints of docs/api.md that hvlbctl uses,
// with in-memory state, and records every request.
type fake struct {
	mu      sync.Mutex
	token   string
	reqs    []fakeReq
	svcs    map[string]*service
	order   []string
	version uint64
	policy  string // the reply of GET /v1/services/{id}/policy
	steer   string // the reply of GET /v1/forwarders/fwd-a/steering
	// beforePut, when set, runs before a PUT of a service is handled: a concurrent change.
	beforePut func(s *service)
}

type fakeReq struct {
	Method, Path, Query, Body string
}

func newFake(token string) *fake { return &fake{token: token, svcs: map[string]*service{}} }

const fakeForwarders = `[
 {"id":"fwd-a","hostname":"host-a","ports":["0000:00:08.0"],"queues":2,"cores":2,"numa_nodes":[0],
  "state":"ready","applied_version":5,"desired_version":5,"last_report":"2025-01-02T03:04:05Z","load":{"pps":12345.678,"capacity_pps":1000000,"active_conns":1234,"utilisation":0.000003661638521832159},
  "draining":false,"bgp":[{"address":"10.8.0.1","port":179,"remote_as":65000,"state":"established","uptime_s":42.5,"prefixes_announced":1,"prefixes_accepted":0,"flaps":2,"notifications_sent":1,"notifications_received":0,"bfd":"up","bfd_downs":1}],
  "announced":["10.100.0.1/32"]},
 {"id":"fwd-b","hostname":"host-b","ports":["net_af_packet0"],"queues":1,"cores":1,"numa_nodes":[0],
  "state":"failed","applied_version":4,"desired_version":5,"last_report":"2025-01-02T03:00:00Z","load":{"pps":0,"capacity_pps":0},
  "draining":false,"bgp":[],"announced":[]}]`

const fakeStats = `{"forwarders":[
 {"id":"fwd-a","stats":{"config_version":5,"mempool_in_use":12,
   "workers":[{"worker":0,"lcore":1,"rx_packets":1000,"rx_bytes":1234567,"tx_packets":990,"drops":[{"reason":"no_real","count":10}],
               "counters":{"rx_packets":1000,"tx_packets":990,"vxlan_rx":4,"brand_new":1}},
              {"worker":1,"lcore":2,"rx_packets":500,"tx_packets":500,"drops":[],
               "counters":{"rx_packets":500,"tx_packets":500,"vxlan_rx":0}}],
   "sync_counters":{"sync_rx_messages":12,"sync_records_out":3},
   "services":[{"id":"tcp-10.100.0.1-80","packets":1490,
     "reals":[{"address":"10.1.0.11","port":80,"packets":700,"active_conns":3}]}]}},
 {"id":"fwd-b","stats":{"config_version":4,"mempool_in_use":0,"workers":[]}}]}`

const fakeConns = `{"connections":[
 {"forwarder":"fwd-a","worker":0,"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80","real":"10.1.0.11:80","state":"established","age_s":3}]}`

// fakeConnPages are GET /v1/conns's two pages: fwd-a's connection, then fwd-b's synced copy.
var fakeConnPages = map[string]string{
	"": `{"connections":[
 {"forwarder":"fwd-a","worker":1,"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80","real":"10.1.0.11:80","state":"established","age_s":3,"packets_in":5,"bytes_in":300}],
 "next_cursor":"c1","errors":[{"forwarder":"fwd-c","error":"its agent has no query stream open with this controller"}]}`,
	"c1": `{"connections":[
 {"forwarder":"fwd-b","worker":0,"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80","real":"10.1.0.11:80","state":"established","age_s":3,"synced":true}],
 "next_cursor":"","errors":[]}`,
}

const fakeTrace = `{"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80","errors":[],"forwarders":[
 {"forwarder":"fwd-a","verdict":"existing","reason":"maglev: flow hash 0x00000001, slot 1 of 65537 holds real 0 of 2 (weight 100 of 200 usable)",
  "owner_worker":1,"default_worker":1,"service":"tcp-10.100.0.1-80","mode":"nat","scheduler":"maglev","table_slot":1,"table_size":65537,
  "pick":"10.1.0.11:80","usable_reals":2,"sync_state":"ready",
  "connections":[{"forwarder":"fwd-a","worker":1,"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80","real":"10.1.0.11:80","state":"established","age_s":3,"packets_in":5,"packets_out":4}],
  "reals":[{"address":"10.1.0.11","port":80,"weight":100,"health":1,"active_conns":1,"usable":true},
           {"address":"10.1.0.12","port":80,"weight":100,"health":0,"conn_limit":50,"usable":false}]},
 {"forwarder":"fwd-b","verdict":"existing","reason":"maglev: ...","owner_worker":0,"default_worker":0,"service":"tcp-10.100.0.1-80",
  "mode":"nat","scheduler":"maglev","pick":"10.1.0.11:80","usable_reals":2,"sync_state":"ready","reals":[],
  "connections":[{"forwarder":"fwd-b","worker":0,"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80","real":"10.1.0.11:80","state":"established","synced":true}]},
 {"forwarder":"fwd-c","verdict":"drop","reason":"no_vs: no service has this protocol, VIP and port","owner_worker":0,"default_worker":0,
  "connections":[],"reals":[],"service":""}]}`

func (f *fake) reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	switch x := v.(type) {
	case string:
		io.WriteString(w, x)
	case nil:
	default:
		json.NewEncoder(w).Encode(x)
	}
}

func (f *fake) fail(w http.ResponseWriter, status int, field, format string, a ...any) {
	body := map[string]string{"error": fmt.Sprintf(format, a...)}
	if field != "" {
		body["field"] = field
	}
	f.reply(w, status, body)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	f.reqs = append(f.reqs, fakeReq{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, string(body)})
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		f.fail(w, http.StatusUnauthorized, "", "no or bad bearer token")
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/version", func(w http.ResponseWriter, r *http.Request) {
		f.reply(w, 200, map[string]uint64{"version": f.version})
	})
	mux.HandleFunc("GET /v1/services", func(w http.ResponseWriter, r *http.Request) {
		out := []*service{}
		for _, id := range f.order {
			out = append(out, f.svcs[id])
		}
		f.reply(w, 200, out)
	})
	mux.HandleFunc("POST /v1/services", func(w http.ResponseWriter, r *http.Request) {
		var s service
		if err := json.Unmarshal(body, &s); err != nil {
			f.fail(w, 400, "", "body: %v", err)
			return
		}
		if s.Protocol != "tcp" && s.Protocol != "udp" && s.Protocol != "sctp" {
			f.fail(w, 400, "protocol", "protocol %q: want tcp, udp or sctp", s.Protocol)
			return
		}
		if s.Mode == model.ModeVXLAN && s.VNI == 0 {
			f.fail(w, 400, "vni", "vni: required in mode vxlan")
			return
		}
		s.ID = model.ServiceIDVNI(s.Protocol, s.VIP, s.Port, s.VNI)
		if f.svcs[s.ID] != nil {
			f.fail(w, 409, "", "service %s already exists", s.ID)
			return
		}
		s.Mode, s.Scheduler = firstOf(s.Mode, "nat"), firstOf(s.Scheduler, "maglev")
		s.DownConns = firstOf(s.DownConns, model.DefaultDownConns(s.Protocol))
		s.AllDown = firstOf(s.AllDown, model.AllDownDrop)
		f.version++
		s.Version = f.version
		f.svcs[s.ID] = &s
		f.order = append(f.order, s.ID)
		f.reply(w, 201, s)
	})
	svc := func(w http.ResponseWriter, r *http.Request) *service {
		s := f.svcs[r.PathValue("id")]
		if s == nil {
			f.fail(w, 404, "", "service %s: not found", r.PathValue("id"))
		}
		return s
	}
	mux.HandleFunc("GET /v1/services/{id}", func(w http.ResponseWriter, r *http.Request) {
		if s := svc(w, r); s != nil {
			f.reply(w, 200, s)
		}
	})
	mux.HandleFunc("PUT /v1/services/{id}", func(w http.ResponseWriter, r *http.Request) {
		s := svc(w, r)
		if s == nil {
			return
		}
		if f.beforePut != nil {
			f.beforePut(s)
		}
		var u apitypes.ServiceInput
		json.Unmarshal(body, &u)
		if u.Version != nil && *u.Version != s.Version {
			f.fail(w, 409, "", "service %s: version %d is not the current one (%d)", s.ID, *u.Version, s.Version)
			return
		}
		s.Mode, s.Scheduler, s.Forwarders, s.HealthCheck = u.Mode, u.Scheduler, u.Forwarders, u.HealthCheck
		s.Encap = u.Encap
		s.DownConns, s.AllDown = firstOf(u.DownConns, s.DownConns), firstOf(u.AllDown, s.AllDown)
		if u.Policy != nil {
			s.Policy = u.Policy
		}
		if u.ConnRateLimit != nil {
			s.ConnRateLimit = *u.ConnRateLimit
		}
		if u.Timeouts != nil {
			s.Timeouts = u.Timeouts
			if s.Timeouts.IsZero() {
				s.Timeouts = nil
			}
		}
		f.version++
		s.Version = f.version
		f.reply(w, 200, s)
	})
	mux.HandleFunc("POST /v1/services/{id}/zero", func(w http.ResponseWriter, r *http.Request) {
		if s := svc(w, r); s != nil {
			f.reply(w, 200, apitypes.Zeroed{Services: []string{s.ID}})
		}
	})
	mux.HandleFunc("POST /v1/zero", func(w http.ResponseWriter, r *http.Request) {
		f.reply(w, 200, apitypes.Zeroed{Services: append([]string{}, f.order...)})
	})
	mux.HandleFunc("GET /v1/services/{id}/policy", func(w http.ResponseWriter, r *http.Request) {
		if s := svc(w, r); s != nil {
			f.reply(w, 200, f.policy)
		}
	})
	mux.HandleFunc("DELETE /v1/services/{id}", func(w http.ResponseWriter, r *http.Request) {
		if s := svc(w, r); s != nil {
			delete(f.svcs, s.ID)
			for i, id := range f.order {
				if id == s.ID {
					f.order = append(f.order[:i], f.order[i+1:]...)
					break
				}
			}
			f.version++
			f.reply(w, 204, nil)
		}
	})
	mux.HandleFunc("POST /v1/services/{id}/reals", func(w http.ResponseWriter, r *http.Request) {
		s := svc(w, r)
		if s == nil {
			return
		}
		var rl apitypes.Real
		json.Unmarshal(body, &rl)
		if rl.Weight > model.MaxWeight {
			f.fail(w, 400, "weight", "weight %d: want 0..%d", rl.Weight, model.MaxWeight)
			return
		}
		f.version++
		rl.Health, rl.Version = "up", f.version
		s.Reals = append(s.Reals, rl)
		f.reply(w, 201, rl)
	})
	real := func(w http.ResponseWriter, r *http.Request) (*service, int) {
		s := svc(w, r)
		if s == nil {
			return nil, -1
		}
		ap, err := netip.ParseAddrPort(r.PathValue("real"))
		if err != nil {
			f.fail(w, 400, "real", "real %q: %v", r.PathValue("real"), err)
			return nil, -1
		}
		for i, rl := range s.Reals {
			if rl.Address == ap.Addr().String() && rl.Port == int(ap.Port()) {
				return s, i
			}
		}
		f.fail(w, 404, "", "service %s: real %s: not found", s.ID, ap)
		return nil, -1
	}
	mux.HandleFunc("PATCH /v1/services/{id}/reals/{real}", func(w http.ResponseWriter, r *http.Request) {
		s, i := real(w, r)
		if s == nil {
			return
		}
		json.Unmarshal(body, &s.Reals[i])
		f.version++
		s.Reals[i].Version = f.version
		f.reply(w, 200, s.Reals[i])
	})
	mux.HandleFunc("POST /v1/services/{id}/reals/{real}/drain", func(w http.ResponseWriter, r *http.Request) {
		if s, i := real(w, r); s != nil {
			s.Reals[i].Drain = true
			f.reply(w, 200, s.Reals[i])
		}
	})
	mux.HandleFunc("DELETE /v1/services/{id}/reals/{real}", func(w http.ResponseWriter, r *http.Request) {
		if s, i := real(w, r); s != nil {
			s.Reals = append(s.Reals[:i], s.Reals[i+1:]...)
			f.reply(w, 204, nil)
		}
	})
	mux.HandleFunc("GET /v1/forwarders", func(w http.ResponseWriter, r *http.Request) {
		f.reply(w, 200, fakeForwarders)
	})
	mux.HandleFunc("GET /v1/forwarders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") != "fwd-a" {
			f.fail(w, 404, "", "forwarder %s: not found", r.PathValue("id"))
			return
		}
		var all []json.RawMessage
		json.Unmarshal([]byte(fakeForwarders), &all)
		f.reply(w, 200, string(all[0]))
	})
	drain := func(draining bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.PathValue("id") != "fwd-a" {
				f.fail(w, 404, "", "forwarder %q: not found", r.PathValue("id"))
				return
			}
			var all []map[string]any
			json.Unmarshal([]byte(fakeForwarders), &all)
			fa := all[0]
			fa["draining"] = draining
			if draining {
				fa["state"], fa["announced"] = "draining", []string{}
			}
			f.reply(w, 200, fa)
		}
	}
	mux.HandleFunc("PUT /v1/forwarders/{id}/drain", drain(true))
	mux.HandleFunc("DELETE /v1/forwarders/{id}/drain", drain(false))
	mux.HandleFunc("PUT /v1/forwarders/{id}/local-pool", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") != "fwd-a" {
			f.fail(w, 404, "", "forwarder %q: not found", r.PathValue("id"))
			return
		}
		var p model.LocalPool
		if err := json.Unmarshal(body, &p); err != nil {
			f.fail(w, 400, "", "%v", err)
			return
		}
		if err := p.Validate("local_pool"); err != nil {
			fe := err.(*model.FieldError)
			f.fail(w, 400, fe.Field, "%s", fe.Error())
			return
		}
		var all []map[string]any
		json.Unmarshal([]byte(fakeForwarders), &all)
		all[0]["local_pool"] = p
		f.reply(w, 200, all[0])
	})
	mux.HandleFunc("GET /v1/forwarders/{id}/steering", func(w http.ResponseWriter, r *http.Request) {
		switch r.PathValue("id") {
		case "fwd-a":
			f.reply(w, 200, f.steer)
		case "fwd-b":
			f.fail(w, 404, "", "forwarder %q: steering read-out not found (none reported yet, or its forwarder does not answer GetSteering)", r.PathValue("id"))
		default:
			f.fail(w, 404, "", "forwarder %q: not found", r.PathValue("id"))
		}
	})
	mux.HandleFunc("GET /v1/stats", func(w http.ResponseWriter, r *http.Request) { f.reply(w, 200, fakeStats) })
	mux.HandleFunc("GET /v1/connections", func(w http.ResponseWriter, r *http.Request) { f.reply(w, 200, fakeConns) })
	mux.HandleFunc("GET /v1/conns", func(w http.ResponseWriter, r *http.Request) {
		if st := r.URL.Query().Get("state"); st != "" && st != "established" {
			f.fail(w, 400, "state", "state: %q: want one of syn_sent, ...", st)
			return
		}
		f.reply(w, 200, fakeConnPages[r.URL.Query().Get("cursor")])
	})
	mux.HandleFunc("GET /v1/trace", func(w http.ResponseWriter, r *http.Request) { f.reply(w, 200, fakeTrace) })
	mux.HandleFunc("POST /v1/lb-requests", func(w http.ResponseWriter, r *http.Request) {
		var req apitypes.LBRequestInput
		json.Unmarshal(body, &req)
		if req.VIP == "10.200.0.99" {
			f.reply(w, 202, map[string]string{"id": "lb-2", "state": "pending"})
			return
		}
		s := apitypes.Service{ID: fmt.Sprintf("%s-%s-%d", req.Protocol, req.VIP, *req.Port), Protocol: req.Protocol,
			VIP: req.VIP, Port: *req.Port, Mode: "nat", Scheduler: "maglev", Forwarders: []string{"fwd-a"}}
		f.reply(w, 201, apitypes.LBRequest{LBRequest: model.LBRequest{ID: "lb-1", State: "accepted", Forwarder: "fwd-a"},
			Service: &s})
	})
	mux.HandleFunc("POST /v1/nf-load", func(w http.ResponseWriter, r *http.Request) {
		var req apitypes.NFLoadInput
		json.Unmarshal(body, &req)
		for i, smp := range req.Samples {
			if smp.Address == "10.7.7.7" {
				f.fail(w, 400, fmt.Sprintf("samples[%d].address", i), "samples[%d].address: 10.7.7.7 is not a real of any service", i)
				return
			}
		}
		f.reply(w, 200, map[string]int{"accepted": len(req.Samples)})
	})
	mux.HandleFunc("GET /v1/controllers", func(w http.ResponseWriter, r *http.Request) {
		f.reply(w, 200, apitypes.ControllerGroup{Name: "https://ctl-b:8443", Role: "follower", Leader: "https://ctl-a:8443",
			Members: []apitypes.ControllerMember{
				{Name: "https://ctl-a:8443", Leader: true, Campaigning: true, Forwarders: []string{"fwd-a", "fwd-b"}},
				{Name: "https://ctl-b:8443", Self: true, Campaigning: true, Forwarders: []string{"fwd-c"}}}})
	})
	mux.HandleFunc("GET /v1/lb-requests", func(w http.ResponseWriter, r *http.Request) {
		at := time.Now().Add(-90 * time.Second)
		f.reply(w, 200, []apitypes.LBRequest{
			{LBRequest: model.LBRequest{ID: "lb-1", State: "accepted", ServiceID: "tcp-10.200.0.1-80", Forwarder: "fwd-a",
				CreatedAt: at, Request: model.LBSpec{Protocol: "tcp", VIP: "10.200.0.1", Port: 80, NFs: make([]model.NF, 2)}}},
			{LBRequest: model.LBRequest{ID: "lb-2", State: "pending", CreatedAt: at.Add(time.Minute),
				Request: model.LBSpec{Protocol: "udp", VIP: "fd00:200::1", Port: 5060, NFs: make([]model.NF, 3)}}}})
	})
	mux.HandleFunc("GET /v1/lb-requests/{id}", func(w http.ResponseWriter, r *http.Request) {
		f.reply(w, 200, apitypes.LBRequest{LBRequest: model.LBRequest{ID: r.PathValue("id"), State: "accepted",
			ServiceID: "tcp-10.200.0.99-80", Forwarder: "fwd-c"}})
	})
	mux.ServeHTTP(w, r)
}

// takeReqs returns the requests since the last call.
func (f *fake) takeReqs() []fakeReq {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.reqs
	f.reqs = nil
	return r
}

// startFake starts the fake over TLS with certificates from certs.Init (mutual TLS when
// mtls) and returns it, its URL and the certificate directory.
func startFake(t *testing.T, mtls bool) (*fake, string, string) {
	t.Helper()
	dir := t.TempDir()
	if err := certs.Init(dir, nil); err != nil {
		t.Fatal(err)
	}
	token, err := certs.ReadToken(filepath.Join(dir, certs.TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	clientCA := ""
	if mtls {
		clientCA = filepath.Join(dir, certs.CAFile)
	}
	cfg, err := certs.ServerTLS(filepath.Join(dir, certs.ControllerFile), filepath.Join(dir, certs.ControllerKeyFile), clientCA)
	if err != nil {
		t.Fatal(err)
	}
	f := newFake(token)
	srv := httptest.NewUnstartedServer(f)
	srv.TLS = cfg
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // refused handshakes are expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return f, srv.URL, dir
}
