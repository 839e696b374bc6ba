package cli

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hvlb/internal/certs"
)

// run runs hvlbctl with args and the environment env.
func run(env map[string]string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, func(k string) string { return env[k] }, &out, &errb)
	return code, out.String(), errb.String()
}

// sameJSON says whether two JSON texts hold the same value.
func sameJSON(t *testing.T, got, want string) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Errorf("request body %q: %v", got, err)
		return false
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want %q: %v", want, err)
	}
	return reflect.DeepEqual(g, w)
}

const svcID = "tcp-10.100.0.1-80"

// cmdStep is one hvlbctl run against the fake controller: the requests it makes, its exit
// status and its output.
type cmdStep struct {
	name     string
	args     []string
	wantCode int
	wantReqs []fakeReq // Body compared as JSON; Query exactly
	wantOut  []string  // substrings of stdout
	notOut   []string  // not substrings of stdout
	wantErr  string    // substring of stderr
}

// runSteps runs steps in order against f, with the environment env.
func runSteps(t *testing.T, f *fake, env map[string]string, steps []cmdStep) {
	t.Helper()
	for _, st := range steps {
		code, out, errOut := run(env, st.args...)
		if code != st.wantCode {
			t.Errorf("%s: exit %d, want %d (stderr %q)", st.name, code, st.wantCode, errOut)
		}
		reqs := f.takeReqs()
		if len(reqs) != len(st.wantReqs) {
			t.Errorf("%s: requests %+v, want %+v", st.name, reqs, st.wantReqs)
		} else {
			for i, w := range st.wantReqs {
				g := reqs[i]
				if g.Method != w.Method || g.Path != w.Path || g.Query != w.Query {
					t.Errorf("%s: request %s %s?%s, want %s %s?%s", st.name, g.Method, g.Path, g.Query, w.Method, w.Path, w.Query)
				}
				if (w.Body == "") != (g.Body == "") || (w.Body != "" && !sameJSON(t, g.Body, w.Body)) {
					t.Errorf("%s: body %s, want %s", st.name, g.Body, w.Body)
				}
			}
		}
		for _, w := range st.wantOut {
			if !strings.Contains(out, w) {
				t.Errorf("%s: stdout lacks %q:\n%s", st.name, w, out)
			}
		}
		for _, w := range st.notOut {
			if strings.Contains(out, w) {
				t.Errorf("%s: stdout holds %q:\n%s", st.name, w, out)
			}
		}
		if st.wantErr != "" && !strings.Contains(errOut, st.wantErr) {
			t.Errorf("%s: stderr %q, want it to hold %q", st.name, errOut, st.wantErr)
		}
		if st.wantCode == 0 && errOut != "" {
			t.Errorf("%s: stderr %q", st.name, errOut)
		}
	}
}

// TestCommands runs ordered steps against one fake controller: each step's requests,
// exit status and output.
func TestCommands(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	hc := `{"kind":"http","http_path":"/health","interval_ms":2000,"timeout_ms":500,"rise":2,"fall":3,"port":0}`
	steps := []cmdStep{
		{name: "add a service",
			args: []string{"vs", "add", "tcp", "10.100.0.1:80", "--forwarder", "fwd-a", "--check", "http",
				"--check-path", "/health", "--interval", "2s"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"tcp","vip":"10.100.0.1","port":80,"forwarders":["fwd-a"],"health_check":` + hc + `}`}},
			wantOut: []string{"ID            " + svcID, "VIP           10.100.0.1:80", "MODE          nat",
				"HEALTH CHECK  http GET /health every 2s, timeout 500ms, rise 2, fall 3", "no reals"}},
		{name: "add it again", args: []string{"vs", "add", "tcp", "10.100.0.1:80"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"tcp","vip":"10.100.0.1","port":80,"forwarders":[]}`}},
			wantErr: "hvlbctl: vs add tcp 10.100.0.1:80: service " + svcID + " already exists [HTTP 409]"},
		{name: "bad protocol names the field", args: []string{"vs", "add", "dccp", "10.100.0.1:80"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"dccp","vip":"10.100.0.1","port":80,"forwarders":[]}`}},
			wantErr: `protocol "dccp": want tcp, udp or sctp [HTTP 400]`},
		{name: "add a real, flags after the arguments", args: []string{"rs", "add", svcID, "10.1.0.11:80", "--weight", "50"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/reals",
				Body: `{"address":"10.1.0.11","port":80,"weight":50}`}},
			wantOut: []string{"REAL          WEIGHT  HEALTH", "10.1.0.11:80  50      up"}},
		{name: "add an IPv6 real", args: []string{"rs", "add", "--weight", "1", svcID, "[fd00:0::11]:8080"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/reals",
				Body: `{"address":"fd00::11","port":8080,"weight":1}`}},
			wantOut: []string{"[fd00::11]:8080"}},
		{name: "weight too high: the server names the field", args: []string{"rs", "add", svcID, "10.1.0.12:80", "--weight", "2000000"},
			wantCode: 1,
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/reals",
				Body: `{"address":"10.1.0.12","port":80,"weight":2000000}`}},
			wantErr: "weight 2000000: want 0..1000000 [HTTP 400]"},
		{name: "IPv6 real in the path is escaped",
			args: []string{"rs", "set", svcID, "[fd00::11]:8080", "--weight", "7", "--health", "down"},
			wantReqs: []fakeReq{{Method: "PATCH", Path: "/v1/services/" + svcID + "/reals/%5Bfd00::11%5D:8080",
				Body: `{"weight":7,"health_override":"down"}`}},
			wantOut: []string{"[fd00::11]:8080  7       up      down      no"}},
		{name: "health auto clears the override", args: []string{"rs", "set", svcID, "[fd00::11]:8080", "--health", "auto"},
			wantReqs: []fakeReq{{Method: "PATCH", Path: "/v1/services/" + svcID + "/reals/%5Bfd00::11%5D:8080",
				Body: `{"health_override":""}`}}},
		{name: "drain", args: []string{"rs", "drain", svcID, "10.1.0.11:80"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/reals/10.1.0.11:80/drain"}},
			wantOut:  []string{"10.1.0.11:80  50      up      -         yes"}},
		{name: "undrain", args: []string{"rs", "set", svcID, "10.1.0.11:80", "--drain=false"},
			wantReqs: []fakeReq{{Method: "PATCH", Path: "/v1/services/" + svcID + "/reals/10.1.0.11:80", Body: `{"drain":false}`}}},
		{name: "unknown real", args: []string{"rs", "drain", svcID, "10.9.9.9:80"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/reals/10.9.9.9:80/drain"}},
			wantErr:  "real 10.9.9.9:80: not found [HTTP 404]"},
		{name: "list", args: []string{"vs", "list"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services"}},
			wantOut: []string{"ID                 PROTO  VIP            MODE  SCHED   FORWARDERS  REALS UP  VERSION\n" +
				svcID + "  tcp    10.100.0.1:80  nat   maglev  fwd-a       2/2       1\n"}},
		{name: "change the scheduler keeps the rest", args: []string{"vs", "set", svcID, "--sched", "rr"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID},
				{Method: "PUT", Path: "/v1/services/" + svcID,
					Body: `{"mode":"nat","scheduler":"rr","forwarders":["fwd-a"],"health_check":` + hc + `}`}},
			wantOut: []string{"SCHEDULER     rr", "FORWARDERS    fwd-a"}},
		{name: "every forwarder, tcp check", args: []string{"vs", "set", svcID, "--forwarder", "", "--check", "tcp", "--fall", "5"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID},
				{Method: "PUT", Path: "/v1/services/" + svcID,
					Body: `{"mode":"nat","scheduler":"rr","forwarders":[],"health_check":{"kind":"tcp","http_path":"/health","interval_ms":2000,"timeout_ms":500,"rise":2,"fall":5,"port":0}}`}},
			wantOut: []string{"FORWARDERS    all"}},
		{name: "down_conns and all_down, the rest kept", args: []string{"vs", "set", svcID, "--down-conns", "reschedule",
			"--all-down", "keep_last"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID},
				{Method: "PUT", Path: "/v1/services/" + svcID,
					Body: `{"mode":"nat","scheduler":"rr","down_conns":"reschedule","all_down":"keep_last","forwarders":[],"health_check":{"kind":"tcp","http_path":"/health","interval_ms":2000,"timeout_ms":500,"rise":2,"fall":5,"port":0}}`}},
			wantOut: []string{"DOWN CONNS    reschedule", "ALL DOWN      keep_last", "SCHEDULER     rr"}},
		{name: "a rate limit, the rest kept", args: []string{"vs", "set", svcID, "--conn-rate-limit", "500"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID},
				{Method: "PUT", Path: "/v1/services/" + svcID,
					Body: `{"mode":"nat","scheduler":"rr","forwarders":[],"health_check":{"kind":"tcp","http_path":"/health","interval_ms":2000,"timeout_ms":500,"rise":2,"fall":5,"port":0},"conn_rate_limit":500}`}},
			wantOut: []string{"RATE LIMIT    500 new connections/s per forwarder", "FORWARDERS    all"}},
		{name: "own timeouts, the rest kept", args: []string{"vs", "set", svcID, "--timeout-udp", "2"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID},
				{Method: "PUT", Path: "/v1/services/" + svcID,
					Body: `{"mode":"nat","scheduler":"rr","forwarders":[],"health_check":{"kind":"tcp","http_path":"/health","interval_ms":2000,"timeout_ms":500,"rise":2,"fall":5,"port":0},"timeouts":{"udp":2}}`}},
			wantOut: []string{"TIMEOUTS      udp 2s (the rest global)"}},
		{name: "zero one service", args: []string{"vs", "zero", svcID},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/zero"}},
			wantOut:  []string{"counters zeroed: 1 service(s) " + svcID}},
		{name: "zero every service", args: []string{"vs", "zero"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/zero"}},
			wantOut:  []string{"counters zeroed: 1 service(s)"}},
		{name: "a rate limit past 32 bits", args: []string{"vs", "set", svcID, "--conn-rate-limit", "4294967296"},
			wantCode: 2, wantErr: "--conn-rate-limit 4294967296: want 0..4294967295"},
		{name: "a real's connection limit", args: []string{"rs", "set", svcID, "10.1.0.11:80", "--conn-limit", "64"},
			wantReqs: []fakeReq{{Method: "PATCH", Path: "/v1/services/" + svcID + "/reals/10.1.0.11:80",
				Body: `{"conn_limit":64}`}},
			wantOut: []string{"CONN_LIMIT", "10.1.0.11:80  50      up      -         no     12       -       64"}},
		{name: "a real added with a connection limit", args: []string{"rs", "add", svcID, "10.1.0.13:80", "--conn-limit", "9"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services/" + svcID + "/reals",
				Body: `{"address":"10.1.0.13","port":80,"weight":100,"conn_limit":9}`}},
			wantOut: []string{"CONN_LIMIT", "  9\n"}},
		{name: "nothing to change names --conn-limit", args: []string{"rs", "set", svcID, "10.1.0.11:80"},
			wantCode: 2, wantErr: "--conn-limit"},
		{name: "show, json", args: []string{"-o", "json", "vs", "show", svcID},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID}},
			wantOut:  []string{`"id": "` + svcID + `"`, `"address": "fd00::11"`}},
		{name: "hard delete of a real", args: []string{"rs", "delete", svcID, "[fd00::11]:8080", "--hard"},
			wantReqs: []fakeReq{{Method: "DELETE", Path: "/v1/services/" + svcID + "/reals/%5Bfd00::11%5D:8080", Query: "hard=true"}},
			wantOut:  []string{"real [fd00::11]:8080 removed from " + svcID}},
		{name: "delete", args: []string{"vs", "delete", svcID},
			wantReqs: []fakeReq{{Method: "DELETE", Path: "/v1/services/" + svcID}},
			wantOut:  []string{"service " + svcID + " deleted; its connections end naturally"}},
		{name: "a udp service: its defaults", args: []string{"vs", "add", "udp", "10.100.0.2:5060"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"udp","vip":"10.100.0.2","port":5060,"forwarders":[]}`}},
			wantOut: []string{"DOWN CONNS    reschedule", "ALL DOWN      drop"}},
		{name: "hard delete", args: []string{"vs", "delete", "--hard", "udp-10.100.0.2-5060"},
			wantReqs: []fakeReq{{Method: "DELETE", Path: "/v1/services/udp-10.100.0.2-5060", Query: "hard=true"}},
			wantOut:  []string{"service udp-10.100.0.2-5060 deleted; its connections end now"}},
		{name: "gone", args: []string{"vs", "show", svcID}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + svcID}},
			wantErr:  "hvlbctl: service " + svcID + ": not found [HTTP 404]\n"},
		{name: "empty list, json", args: []string{"vs", "list", "-o", "json"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services"}}, wantOut: []string{"[]\n"}},
		{name: "version", args: []string{"version"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/version"}}, wantOut: []string{"version 16\n"}},
		{name: "forwarders: the table for people", args: []string{"fr", "list"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders"}},
			wantOut: []string{"ID     STATE   AGENT  VERSION  REPORT", "RX    UTIL  CONNS  BGP  VIPS  ERROR\n",
				"fwd-a  ready   down   5/5 ", "12.3k pps  <0.1 %   1.2k  1/1     1  -\n",
				"fwd-b  failed  down   4/5 ", "0 pps       -      0  -       0  -\n"},
			notOut: []string{"0.0000036", "HOSTNAME"}},
		{name: "forwarders: wide, every field", args: []string{"fr", "list", "-o", "wide"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders"}},
			wantOut: []string{"ID     HOSTNAME  PORTS           QUEUES  CORES  NUMA_NODES  STATE   APPLIED_VERSION",
				"fwd-a  host-a    0000:00:08.0    2       2      0           ready   5 ",
				"pps=12345.678,capacity_pps=1000000,active_conns=1234,utilisation=0.000003661638521832159",
				"fwd-b  host-b    net_af_packet0"}},
		{name: "one forwarder", args: []string{"fr", "show", "fwd-a"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-a"}},
			wantOut:  []string{"ID               fwd-a\n", "STATE            ready\n", "NUMA_NODES       0\n"}},
		{name: "one forwarder's BGP sessions", args: []string{"fr", "show", "fwd-a"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-a"}},
			wantOut: []string{"DRAINING         no\n", "ANNOUNCED        10.100.0.1/32\n",
				"LOAD             12.3k pps of 1.0M pps (1.2 %), utilisation <0.1 %, 1.2k connections\n",
				"LAST_REPORT      2025-01-02T03:04:05Z (",
				"bgp:\nPEER          AS     STATE         UP  PREFIXES OUT/IN  FLAPS  NOTIFICATIONS OUT/IN  BFD  BFD DOWNS\n" +
					"10.8.0.1:179  65000  established  42s              1/0      2                   1/0  up           1\n"}},
		{name: "one forwarder, wide: every field", args: []string{"fr", "show", "fwd-a", "-o", "wide"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-a"}},
			wantOut: []string{"LOAD             pps=12345.678,capacity_pps=1000000,active_conns=1234,utilisation=0.000003661638521832159\n",
				"bgp:\nADDRESS   PORT  REMOTE_AS  STATE        UPTIME_S  PREFIXES_ANNOUNCED  PREFIXES_ACCEPTED  FLAPS  " +
					"NOTIFICATIONS_SENT  NOTIFICATIONS_RECEIVED  BFD  BFD_DOWNS\n" +
					"10.8.0.1  179   65000      established  42.5      1                   0                  2      1                   " +
					"0                       up   1\n"}},
		{name: "drain", args: []string{"fr", "drain", "fwd-a"},
			wantReqs: []fakeReq{{Method: "PUT", Path: "/v1/forwarders/fwd-a/drain"}},
			wantOut: []string{"forwarder fwd-a draining: its agent withdraws its VIPs' BGP routes now", "STATE            draining\n",
				"DRAINING         yes\n"}},
		{name: "undrain", args: []string{"fr", "undrain", "fwd-a"},
			wantReqs: []fakeReq{{Method: "DELETE", Path: "/v1/forwarders/fwd-a/drain"}},
			wantOut:  []string{"forwarder fwd-a undrained", "STATE            ready\n", "DRAINING         no\n"}},
		{name: "drain, json", args: []string{"-o", "json", "fr", "drain", "fwd-a"},
			wantReqs: []fakeReq{{Method: "PUT", Path: "/v1/forwarders/fwd-a/drain"}},
			wantOut:  []string{`"draining": true`}},
		{name: "drain an unknown forwarder", args: []string{"fr", "drain", "fwd-z"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "PUT", Path: "/v1/forwarders/fwd-z/drain"}},
			wantErr:  `forwarder "fwd-z": not found [HTTP 404]`},
		{name: "drain without an id", args: []string{"fr", "drain"}, wantCode: 2, wantErr: "ID"},
		{name: "local pool", args: []string{"fr", "pool", "fwd-a", "--addrs", "10.1.0.100,10.1.0.101", "--ports", "20000-29999"},
			wantReqs: []fakeReq{{Method: "PUT", Path: "/v1/forwarders/fwd-a/local-pool",
				Body: `{"addrs":["10.1.0.100","10.1.0.101"],"ports":"20000-29999"}`}},
			wantOut: []string{"forwarder fwd-a: local pool set", "10.1.0.101", "20000-29999"}},
		{name: "local pool emptied", args: []string{"fr", "pool", "fwd-a", "--addrs", ""},
			wantReqs: []fakeReq{{Method: "PUT", Path: "/v1/forwarders/fwd-a/local-pool", Body: `{"addrs":[]}`}}},
		{name: "local pool, bad address", args: []string{"fr", "pool", "fwd-a", "--addrs", "10.1.0.100,nope"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "PUT", Path: "/v1/forwarders/fwd-a/local-pool", Body: `{"addrs":["10.1.0.100","nope"]}`}},
			wantErr:  "local_pool.addrs[1]"},
		{name: "local pool needs --addrs", args: []string{"fr", "pool", "fwd-a"}, wantCode: 2, wantErr: "give --addrs"},
		{name: "unknown forwarder", args: []string{"fr", "show", "fwd-z"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-z"}},
			wantErr:  "forwarder fwd-z: not found [HTTP 404]"},
		{name: "stats: the tables for people", args: []string{"stats"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/stats"}},
			wantOut: []string{"fwd-a (reported never; config version 5)\n",
				"WORKER  LCORE  RX PKTS  RX BYTES  TX PKTS  TX BYTES  CONNS  NEW CONNS  HANDOFF OUT  DROPS\n" +
					"0       1         1.0k    1.2 MB      990       0 B      0          0            0     10\n" +
					"1       2          500       0 B      500       0 B      0          0            0      0\n",
				"SERVICE / REAL     WEIGHT  HEALTH  PACKETS  BYTES  CONNS  TOTAL CONNS\n" +
					"tcp-10.100.0.1-80                     1.5k    0 B      0            0\n" +
					"  10.1.0.11:80          0  down        700    0 B      3            0\n",
				"DROP REASON  PACKETS\nno_real           10\n",
				"fwd-b (reported never; config version 4)\n\nno drops\n"},
			notOut: []string{"counters", "vxlan_rx"}}, // the summary: every counter is stats --counters
		{name: "stats: wide, every field", args: []string{"stats", "-o", "wide"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/stats"}},
			wantOut: []string{"forwarders[fwd-a].stats:\nCONFIG_VERSION  5\n",
				"forwarders[fwd-a].stats.workers:\nWORKER  LCORE  RX_PACKETS  RX_BYTES  TX_PACKETS\n0       1      1000        1234567   990\n",
				"forwarders[fwd-a].stats.workers[0].drops:\nREASON   COUNT\nno_real  10\n",
				"forwarders[fwd-a].stats.services[tcp-10.100.0.1-80].reals:\nADDRESS    PORT  PACKETS  ACTIVE_CONNS\n10.1.0.11  80    700      3\n",
				"forwarders[fwd-b].stats:"},
			notOut: []string{"counters", "vxlan_rx"}},
		{name: "stats: every counter, registry order first", args: []string{"stats", "--counters"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/stats"}},
			wantOut: []string{"fwd-a (", "COUNTER       W0   W1  TOTAL\nrx_packets  1000  500   1500\ntx_packets   990  500   1490\nvxlan_rx       4    0      4\nbrand_new      1    0      1\n",
				"SYNC COUNTER      VALUE\nsync_rx_messages     12\nsync_records_out      3\n", "fwd-b (", "no worker counters reported"}},
		{name: "stats: one forwarder's counters", args: []string{"stats", "--counters", "--forwarder", "fwd-b"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/stats", Query: "forwarder=fwd-b"}},
			wantOut:  []string{"fwd-b ("}},
		{name: "stats of one forwarder, json", args: []string{"stats", "--forwarder", "fwd-b", "-o", "json"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/stats", Query: "forwarder=fwd-b"}},
			wantOut:  []string{"{\n  \"forwarders\": [\n    {\n      \"id\": \"fwd-b\",\n      \"stats\": {\n        \"config_version\": 4,"}},
		{name: "stats of an unknown forwarder", args: []string{"stats", "--forwarder", "fwd-z"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/stats", Query: "forwarder=fwd-z"}},
			wantErr:  "forwarder fwd-z: no stats"},
		{name: "connections reported", args: []string{"conns", "--reported", "--forwarder", "fwd-a", "--vs", svcID, "--limit", "5"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/connections", Query: "forwarder=fwd-a&limit=5&service=" + svcID}},
			wantOut: []string{"FORWARDER  W  PROTO  CLIENT          VIP            REAL          STATE        AGE  EXPIRES  PKTS IN/OUT  BYTES IN/OUT\n" +
				"fwd-a      0  tcp    10.0.0.2:40000  10.100.0.1:80  10.1.0.11:80  established   3s       0s          0/0       0 B/0 B\n"}},
		{name: "connections reported: wide, every field", args: []string{"conns", "--reported", "-o", "wide", "--forwarder", "fwd-a", "--vs", svcID, "--limit", "5"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/connections", Query: "forwarder=fwd-a&limit=5&service=" + svcID}},
			wantOut: []string{"connections:\nFORWARDER  WORKER  PROTOCOL  CLIENT          VIP            REAL          STATE        AGE_S\n" +
				"fwd-a      0       tcp       10.0.0.2:40000  10.100.0.1:80  10.1.0.11:80  established  3\n"}},
		{name: "conns: live, every page merged, a forwarder not asked told", args: []string{"conns", "--client", "10.0.0.0/24", "--vs", svcID, "--all"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/conns", Query: "client=10.0.0.0%2F24&limit=1000&protocol=tcp&vip=10.100.0.1%3A80"},
				{Method: "GET", Path: "/v1/conns", Query: "client=10.0.0.0%2F24&cursor=c1&limit=1000&protocol=tcp&vip=10.100.0.1%3A80"}},
			wantOut: []string{"FORWARDER  W  PROTO  CLIENT          VIP            REAL          STATE        AGE  EXPIRES  PKTS IN/OUT  BYTES IN/OUT\n" +
				"fwd-a      1  tcp    10.0.0.2:40000  10.100.0.1:80  10.1.0.11:80  established   3s       0s          5/0     300 B/0 B\n" +
				"fwd-b*     0  tcp    10.0.0.2:40000  10.100.0.1:80  10.1.0.11:80  established   3s       0s          0/0       0 B/0 B\n" +
				"* its latest state came from a sync peer; PKTS count what this forwarder carried\n",
				"forwarder fwd-c not asked: its agent has no query stream open with this controller\n"},
			notOut: []string{"more:"}},
		{name: "conns: a page, and where to go on", args: []string{"conns", "--limit", "1", "--state", "established"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/conns", Query: "limit=1&state=established"}},
			wantOut:  []string{"fwd-a      1  tcp", "more: --cursor c1 (or --all)\n"}, notOut: []string{"fwd-b"}},
		{name: "conns: json is the merged page", args: []string{"conns", "-o", "json", "--all"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/conns", Query: "limit=1000"}, {Method: "GET", Path: "/v1/conns", Query: "cursor=c1&limit=1000"}},
			wantOut:  []string{`"forwarder": "fwd-b",`, `"synced": true`, `"next_cursor": ""`, `"forwarder": "fwd-c",`}},
		{name: "conns: the server names the bad field", args: []string{"conns", "--state", "open"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/conns", Query: "limit=100&state=open"}},
			wantErr:  "state"},
		{name: "conns: --vs must be a service ID", args: []string{"conns", "--vs", "nonsense"}, wantCode: 2,
			wantErr: "not a service ID"},
		{name: "trace: who holds it, on which worker, its NF; each forwarder's choice",
			args:     []string{"trace", "tcp", "10.0.0.2:40000", "10.100.0.1:80"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/trace", Query: "client=10.0.0.2%3A40000&protocol=tcp&vip=10.100.0.1%3A80"}},
			wantOut: []string{"flow tcp 10.0.0.2:40000 -> 10.100.0.1:80\n" +
				"client's packets via fwd-a worker 1; NF's replies via fwd-a worker 1; copies (no packet carried) on fwd-b worker 0;\n" +
				"  NF 10.1.0.11:80\n",
				"fwd-a: existing; owner worker 1 (by hash 1), sync ready\n  both ways: worker 1, established, NF 10.1.0.11:80",
				"  new one     -> 10.1.0.11:80: maglev: flow hash 0x00000001,\n                 slot 1 of 65537 holds real 0",
				"  REAL          WEIGHT  HEALTH  LIMIT  ACTIVE\n  10.1.0.11:80     100  up          -       1\n  10.1.0.12:80     100  down       50       0\n",
				"  copy (state from a peer): worker 0",
				"fwd-c: drop; owner worker 0 (by hash 0), sync -\n  new one:    no_vs: no service"}},
		{name: "trace: json", args: []string{"trace", "-o", "json", "udp", "[fd00::2]:5060", "[fd00::100]:5060", "--forwarder", "fwd-a"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/trace", Query: "client=%5Bfd00%3A%3A2%5D%3A5060&forwarder=fwd-a&protocol=udp&vip=%5Bfd00%3A%3A100%5D%3A5060"}},
			wantOut:  []string{`"verdict": "existing"`}},
		{name: "trace: a client without its port", args: []string{"trace", "tcp", "10.0.0.2", "10.100.0.1:80"}, wantCode: 2,
			wantErr: "client"},
		{name: "trace: a protocol it does not trace", args: []string{"trace", "icmp", "10.0.0.2:1", "10.100.0.1:80"}, wantCode: 2,
			wantErr: "tcp or udp"},
		{name: "lb-request accepted",
			args: []string{"lb-request", "--protocol", "udp", "--vip", "10.200.0.1:53", "--nf", "10.1.0.21:53:10", "--nf", "[fd00::21]:53", "--upstream", "fw-1"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/lb-requests",
				Body: `{"protocol":"udp","vip":"10.200.0.1","port":53,"nfs":[{"address":"10.1.0.21","port":53,"weight":10},{"address":"fd00::21","port":53,"weight":100}],"upstream":"fw-1"}`}},
			wantOut: []string{"request lb-1 accepted: service udp-10.200.0.1-53 on forwarder fwd-a\n"}},
		{name: "lb-request pending", args: []string{"lb-request", "--vip", "10.200.0.99:80", "--nf", "10.1.0.31:80"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/lb-requests",
				Body: `{"protocol":"tcp","vip":"10.200.0.99","port":80,"nfs":[{"address":"10.1.0.31","port":80,"weight":100}]}`}},
			wantOut: []string{"request lb-2 pending", "hvlbctl lb-request show lb-2"}},
		{name: "lb-request pending, waited for", args: []string{"lb-request", "--vip", "10.200.0.99:80", "--nf", "10.1.0.31:80", "--wait", "5s"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/lb-requests",
				Body: `{"protocol":"tcp","vip":"10.200.0.99","port":80,"nfs":[{"address":"10.1.0.31","port":80,"weight":100}]}`},
				{Method: "GET", Path: "/v1/lb-requests/lb-2"}},
			wantOut: []string{"request lb-2 accepted: service tcp-10.200.0.99-80 on forwarder fwd-c"}},
	}
	runSteps(t, f, env, steps)
}

// TestCheckDefaults: a check flag on a service without a check starts from the check the
// controller gives one of its protocol (a UDP service's is a UDP check: a TCP connect to a
// UDP-only NF would mark every real down).
func TestCheckDefaults(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	const udpID = "udp-10.100.0.9-53"
	udpCheck := func(fall int) string {
		return fmt.Sprintf(`{"kind":"udp","interval_ms":1000,"timeout_ms":500,"rise":2,"fall":%d,"port":0}`, fall)
	}
	steps := []cmdStep{
		{name: "add, a check flag", args: []string{"vs", "add", "udp", "10.100.0.8:53", "--fall", "4"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"udp","vip":"10.100.0.8","port":53,"forwarders":[],"health_check":` + udpCheck(4) + `}`}},
			wantOut: []string{"HEALTH CHECK  udp (no reply needed) every 1s, timeout 500ms, rise 2, fall 4"}},
		{name: "add without a check", args: []string{"vs", "add", "udp", "10.100.0.9:53"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"udp","vip":"10.100.0.9","port":53,"forwarders":[]}`}}},
		{name: "set a check flag", args: []string{"vs", "set", udpID, "--fall", "5"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + udpID}, {Method: "PUT", Path: "/v1/services/" + udpID,
				Body: `{"mode":"nat","scheduler":"maglev","forwarders":[],"health_check":` + udpCheck(5) + `}`}}},
	}
	runSteps(t, f, env, steps)
}

// TestCheckFlags: the sip check and the udp check's payload flags, as vs add and vs set
// send them and vs show prints them.
func TestCheckFlags(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	const id = "udp-10.100.0.5-5060"
	check := func(fields string) string {
		return `{"mode":"nat","scheduler":"maglev","forwarders":[],"health_check":{` + fields +
			`,"interval_ms":1000,"timeout_ms":500,"rise":2,"fall":3,"port":0}}`
	}
	runSteps(t, f, env, []cmdStep{
		{name: "sip check", args: []string{"vs", "add", "udp", "10.100.0.5:5060", "--check", "sip"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"udp","vip":"10.100.0.5","port":5060,"forwarders":[],"health_check":` +
					`{"kind":"sip","interval_ms":1000,"timeout_ms":500,"rise":2,"fall":3,"port":0}}`}},
			wantOut: []string{"HEALTH CHECK  sip every 1s, timeout 500ms, rise 2, fall 3"}},
		{name: "udp with hex payload and text reply", args: []string{"vs", "set", id, "--check", "udp",
			"--check-send-hex", "0d0a0d0a", "--check-expect", "SIP/2.0"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + id}, {Method: "PUT", Path: "/v1/services/" + id,
				Body: check(`"kind":"udp","send_hex":"0d0a0d0a","expect":"SIP/2.0"`)}},
			wantOut: []string{`HEALTH CHECK  udp send hex 0d0a0d0a expect "SIP/2.0" every 1s`}},
		{name: "text payload replaces hex, the reply stays", args: []string{"vs", "set", id, "--check-send", "PING"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + id}, {Method: "PUT", Path: "/v1/services/" + id,
				Body: check(`"kind":"udp","send":"PING","expect":"SIP/2.0"`)}},
			wantOut: []string{`udp send "PING" expect "SIP/2.0"`}},
		{name: "no reply needed", args: []string{"vs", "set", id, "--check-expect", ""},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + id}, {Method: "PUT", Path: "/v1/services/" + id,
				Body: check(`"kind":"udp","send":"PING"`)}},
			wantOut: []string{`udp send "PING" (no reply needed)`}},
		{name: "another kind drops the payloads", args: []string{"vs", "set", id, "--check", "sip"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/" + id}, {Method: "PUT", Path: "/v1/services/" + id,
				Body: check(`"kind":"sip"`)}},
			wantOut: []string{"HEALTH CHECK  sip every"}},
		{name: "a udp service's check defaults to udp", args: []string{"vs", "add", "udp", "10.100.0.6:53", "--interval", "2s"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"udp","vip":"10.100.0.6","port":53,"forwarders":[],"health_check":` +
					`{"kind":"udp","interval_ms":2000,"timeout_ms":500,"rise":2,"fall":3,"port":0}}`}},
			wantOut: []string{"HEALTH CHECK  udp (no reply needed) every 2s"}},
	})
}

// TestUsageErrors: bad arguments exit 2 naming the argument, and send nothing.
func TestUsageErrors(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{}, "usage: hvlbctl"},
		{[]string{"vs"}, `unknown command "vs"`},
		{[]string{"vs", "frob"}, `unknown command "vs frob"`},
		{[]string{"--bogus", "vs", "list"}, "flag provided but not defined: -bogus"},
		{[]string{"vs", "add", "tcp"}, "missing argument: PROTO VIP:PORT"},
		{[]string{"vs", "add", "tcp", "10.0.0.1"}, `VIP:PORT "10.0.0.1": want ADDR:PORT (no port given)`},
		{[]string{"vs", "add", "tcp", "10.0.0.1:80", "--weight", "5"}, "flag provided but not defined: -weight"},
		{[]string{"vs", "add", "tcp", "10.0.0.1:80", "--interval", "0s"}, "--interval 0s"},
		{[]string{"vs", "add", "tcp", "10.0.0.1:80", "--real", "10.1.0.1"}, `--real "10.1.0.1"`},
		{[]string{"vs", "add", "tcp", "10.0.0.1:80", "--policy", "comprehensive", "--scale", "1.5"},
			"--scale: 1.5: want a whole number"},
		{[]string{"vs", "add", "tcp", "10.0.0.1:80", "--check-send", "x"}, `--check-send: only for a udp check (this one is "tcp": give --check udp)`},
		{[]string{"vs", "add", "udp", "10.0.0.1:5060", "--check", "sip", "--check-expect-hex", "00"}, "--check-expect-hex: only for a udp check"},
		{[]string{"vs", "add", "udp", "10.0.0.1:53", "--check-send", "x", "--check-send-hex", "78"}, "--check-send and --check-send-hex: give one"},
		{[]string{"vs", "add", "udp", "10.0.0.1:53", "--check-expect", "x", "--check-expect-hex", "78"}, "--check-expect and --check-expect-hex: give one"},
		{[]string{"vs", "show", "a", "b"}, `unexpected argument "b"`},
		{[]string{"vs", "set", "a"}, "nothing to change"},
		{[]string{"vs", "list", "-o", "yaml"}, `-o "yaml": want table, wide or json`},
		{[]string{"rs", "add", "a", "fd00::1:80"}, "IPv6 in brackets"},
		{[]string{"rs", "add", "a", "10.0.0.1:80", "--weight", "x"}, `invalid value "x" for flag -weight`},
		{[]string{"rs", "add", "a", "10.0.0.1:99999"}, `ADDR:PORT "10.0.0.1:99999"`},
		{[]string{"rs", "set", "a", "10.0.0.1:80", "--health", "maybe"}, `--health "maybe": want up, down or auto`},
		{[]string{"rs", "set", "a", "10.0.0.1:80"}, "nothing to change"},
		{[]string{"rs", "drain", "a"}, "missing argument: ID ADDR:PORT"},
		{[]string{"lb-request", "--nf", "10.0.0.1:80"}, "--vip is required"},
		{[]string{"lb-request", "--vip", "10.0.0.1:80"}, "--nf is required"},
		{[]string{"lb-request", "--vip", "10.0.0.1:80", "--nf", "10.1.0.1:80:x"}, `--nf "10.1.0.1:80:x": weight "x"`},
		{[]string{"lb-request", "--vip", "10.0.0.1:80", "--nf", "[fd00::1]:80:1:2"}, `--nf "[fd00::1]:80:1:2"`},
		{[]string{"certs", "init"}, "--dir is required"},
		{[]string{"--server", "ftp://x", "vs", "list"}, `--server "ftp://x"`},
	} {
		code, _, errOut := run(env, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.wantErr) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.wantErr)
		}
	}
	if reqs := f.takeReqs(); len(reqs) != 0 {
		t.Errorf("usage errors sent requests: %+v", reqs)
	}
	for _, args := range [][]string{{"-h"}, {"help"}, {"vs", "add", "-h"}, {"rs", "set", "--help"}} {
		if code, out, _ := run(env, args...); code != 0 || !strings.Contains(out, "usage: hvlbctl") {
			t.Errorf("%q: exit %d, stdout %q", args, code, out)
		}
	}
}

// TestConnectionSettings: where the token, CA and client certificate come from, and what
// the user is told when they are wrong.
func TestConnectionSettings(t *testing.T) {
	f, url, dir := startFake(t, false)
	_, murl, mdir := startFake(t, true)
	other := t.TempDir()
	if err := certs.Init(other, nil); err != nil {
		t.Fatal(err)
	}
	tokFile := filepath.Join(dir, certs.TokensFile)
	tok, _ := certs.ReadToken(tokFile)
	wrongTok := filepath.Join(t.TempDir(), "tok")
	os.WriteFile(wrongTok, []byte("# comment\n\nwrong\n"), 0o600)
	ca := filepath.Join(dir, certs.CAFile)
	for _, tc := range []struct {
		name     string
		env      map[string]string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"flags", nil, []string{"--server", url, "--ca", ca, "--token", tok}, 0, ""},
		{"environment", map[string]string{"HVLB_SERVER": url, "HVLB_CA": ca, "HVLB_TOKEN_FILE": tokFile}, nil, 0, ""},
		{"certs directory", map[string]string{"HVLB_SERVER": url}, []string{"--certs", dir}, 0, ""},
		{"token file flag beats token env", map[string]string{"HVLB_SERVER": url, "HVLB_CA": ca, "HVLB_TOKEN": "wrong"},
			[]string{"--token-file", tokFile}, 0, ""},
		{"token flag beats certs directory", map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir},
			[]string{"--token", "wrong"}, 1, "no or bad bearer token [HTTP 401]"},
		{"no token", map[string]string{"HVLB_SERVER": url, "HVLB_CA": ca}, nil, 1, "no or bad bearer token [HTTP 401]"},
		{"token file: first token line", map[string]string{"HVLB_SERVER": url, "HVLB_CA": ca, "HVLB_TOKEN_FILE": wrongTok}, nil,
			1, "[HTTP 401]"},
		{"missing token file", map[string]string{"HVLB_SERVER": url, "HVLB_CA": ca}, []string{"--token-file", "/nonexistent"},
			1, "/nonexistent"},
		{"no CA", map[string]string{"HVLB_SERVER": url, "HVLB_TOKEN": tok}, nil, 1, "give the controller's CA with --ca"},
		{"another CA", map[string]string{"HVLB_SERVER": url, "HVLB_TOKEN": tok, "HVLB_CA": filepath.Join(other, certs.CAFile)}, nil,
			1, "give the controller's CA with --ca"},
		{"mtls with the certs directory", map[string]string{"HVLB_SERVER": murl, "HVLB_CERTS": mdir}, nil, 0, ""},
		{"mtls, explicit certificate", map[string]string{"HVLB_SERVER": murl, "HVLB_CERTS": mdir},
			[]string{"--cert", filepath.Join(mdir, certs.ControllerFile), "--key", filepath.Join(mdir, certs.ControllerKeyFile)}, 0, ""},
		{"mtls without a client certificate", map[string]string{"HVLB_SERVER": murl, "HVLB_CA": filepath.Join(mdir, certs.CAFile),
			"HVLB_TOKEN_FILE": filepath.Join(mdir, certs.TokensFile)}, nil, 1, "certificate"},
		{"mtls with another CA's certificate", map[string]string{"HVLB_SERVER": murl, "HVLB_CA": filepath.Join(mdir, certs.CAFile),
			"HVLB_TOKEN_FILE": filepath.Join(mdir, certs.TokensFile), "HVLB_CERT": filepath.Join(other, certs.CtlFile),
			"HVLB_KEY": filepath.Join(other, certs.CtlKeyFile)}, nil, 1, "certificate"},
		{"nothing listening", map[string]string{"HVLB_SERVER": "https://127.0.0.1:1", "HVLB_CERTS": dir}, nil, 1,
			"cannot reach the controller"},
	} {
		code, out, errOut := run(tc.env, append(tc.args, "version")...)
		if code != tc.wantCode || !strings.Contains(errOut, tc.wantErr) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tc.name, code, errOut, tc.wantCode, tc.wantErr)
		}
		if code == 0 && out != "version 0\n" {
			t.Errorf("%s: stdout %q", tc.name, out)
		}
	}
	for _, r := range f.takeReqs() {
		if r.Path != "/v1/version" {
			t.Errorf("unexpected request %+v", r)
		}
	}
}

func TestCertsInit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "c")
	code, out, errOut := run(nil, "certs", "init", "--dir", dir, "--hosts", "ctl.example,10.0.0.9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, filepath.Join(dir, certs.TokensFile)) || !strings.Contains(out, "HVLB_CERTS="+dir) {
		t.Errorf("stdout %q", out)
	}
	before, _ := os.ReadFile(filepath.Join(dir, certs.ControllerFile))
	if code, _, _ := run(nil, "certs", "init", "--dir", dir); code != 0 {
		t.Fatal("second run failed")
	}
	after, _ := os.ReadFile(filepath.Join(dir, certs.ControllerFile))
	if !bytes.Equal(before, after) {
		t.Error("second run without --force replaced the controller certificate")
	}
	if code, _, _ := run(nil, "certs", "init", "--dir", dir, "--force"); code != 0 {
		t.Fatal("--force run failed")
	}
	after, _ = os.ReadFile(filepath.Join(dir, certs.ControllerFile))
	if bytes.Equal(before, after) {
		t.Error("--force kept the controller certificate")
	}

	// Per-forwarder agent certificates, added to the directory.
	code, out, errOut = run(nil, "certs", "init", "--dir", dir, "--agent", "fwd-a,fwd-b")
	if code != 0 {
		t.Fatalf("--agent: exit %d: %s", code, errOut)
	}
	after2, _ := os.ReadFile(filepath.Join(dir, certs.ControllerFile))
	if !bytes.Equal(after, after2) {
		t.Error("--agent replaced the controller certificate")
	}
	for _, id := range []string{"fwd-a", "fwd-b"} {
		cert, key := certs.AgentFiles(id)
		if !strings.Contains(out, filepath.Join(dir, cert)) || !strings.Contains(out, filepath.Join(dir, key)) {
			t.Errorf("stdout %q does not name %s's files", out, id)
		}
		tc, err := tls.LoadX509KeyPair(filepath.Join(dir, cert), filepath.Join(dir, key))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := certs.AgentID(tc.Leaf); got != id || err != nil {
			t.Errorf("%s: names %q (%v), want %q", cert, got, err, id)
		}
	}
	if code, _, errOut := run(nil, "certs", "init", "--dir", dir, "--agent", "../x"); code == 0 || !strings.Contains(errOut, "agents") {
		t.Errorf("--agent ../x: exit %d, stderr %q", code, errOut)
	}
}

// TestDefaultTablesFit: the tables for people (fr list, fr show, stats, conns, vs list, vs show,
// trace) fit 120 columns, and
// carry no raw float; -o wide has every field (docs/cli.md, "Tables").
func TestDefaultTablesFit(t *testing.T) {
	_, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	// A service of the widest kind: an IPv6 VIP, eight reals, placed on four forwarders.
	add := []string{"vs", "add", "tcp", "[fd00:100::1]:8080", "--forwarder", "fwd-alpha-01,fwd-alpha-02,fwd-alpha-03,fwd-alpha-04"}
	for i := 1; i <= 8; i++ {
		add = append(add, "--real", fmt.Sprintf("[fd00:1::%d]:8080:100", 100+i))
	}
	if code, _, errOut := run(env, add...); code != 0 {
		t.Fatalf("vs add: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{{"fr", "list"}, {"fr", "show", "fwd-a"}, {"fr", "drain", "fwd-a"}, {"stats"}, {"conns"},
		{"vs", "list"}, {"vs", "show", "tcp-fd00:100::1-8080"}, {"controllers"}, {"lb-request", "list"}, {"trace", "tcp", "10.0.0.2:46670", "10.100.0.1:80"}} {
		code, out, errOut := run(env, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := len([]rune(line)); n > 120 {
				t.Errorf("%v: a line of %d columns: %q", args, n, line)
			}
		}
		if strings.Contains(out, "0.0000") {
			t.Errorf("%v: a raw float:\n%s", args, out)
		}
	}
	// The forwarders the table cuts short, -o wide lists.
	if _, out, _ := run(env, "vs", "list"); !strings.Contains(out, "fwd-alpha-01 +3") {
		t.Errorf("vs list: %s", out)
	}
	if _, out, _ := run(env, "vs", "list", "-o", "wide"); !strings.Contains(out, "fwd-alpha-01,fwd-alpha-02,fwd-alpha-03,fwd-alpha-04") {
		t.Errorf("vs list -o wide: %s", out)
	}
}
