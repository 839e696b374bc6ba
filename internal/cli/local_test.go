package cli

import (
	"encoding/binary"
	"flag"
	"io"
	"net"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/apitypes"
	"hvlb/internal/pb/fwdpb"
)

// fakeFwd is a forwarder's local socket: it records each Request and answers with the
// next of replies (a Response with status 0 when none is left).
type fakeFwd struct {
	mu      sync.Mutex
	path    string
	reqs    []*fwdpb.Request
	replies []*fwdpb.Response
}

func startFakeFwd(t *testing.T) *fakeFwd {
	t.Helper()
	f := &fakeFwd{path: filepath.Join(t.TempDir(), "fwd.sock")}
	ln, err := net.Listen("unix", f.path)
	if err != nil {
		t.Skipf("no Unix socket here: %v", err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go f.serve(conn)
		}
	}()
	return f
}

func (f *fakeFwd) serve(conn net.Conn) {
	defer conn.Close()
	for {
		var hdr [4]byte
		if _, err := io.ReadFull(conn, hdr[:]); err != nil {
			return
		}
		b := make([]byte, binary.BigEndian.Uint32(hdr[:]))
		if _, err := io.ReadFull(conn, b); err != nil {
			return
		}
		req := &fwdpb.Request{}
		if proto.Unmarshal(b, req) != nil {
			return
		}
		f.mu.Lock()
		f.reqs = append(f.reqs, req)
		resp := &fwdpb.Response{ConfigVersion: 7}
		if len(f.replies) > 0 {
			resp, f.replies = f.replies[0], f.replies[1:]
		}
		f.mu.Unlock()
		resp.Id = req.Id
		out, _ := proto.Marshal(resp)
		binary.BigEndian.PutUint32(hdr[:], uint32(len(out)))
		conn.Write(append(hdr[:], out...))
	}
}

// take returns the requests since the last call, as JSON without their ids.
func (f *fakeFwd) take() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, r := range f.reqs {
		r.Id = 0
		out = append(out, protojson.MarshalOptions{UseProtoNames: true}.Format(r))
	}
	f.reqs = nil
	return out
}

func statsReply(pkts, bytes, conns uint64) *fwdpb.Response {
	id := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	return &fwdpb.Response{Body: &fwdpb.Response_Stats{Stats: &fwdpb.Stats{
		Workers: []*fwdpb.WorkerStats{{Worker: 0, RxPackets: pkts, TxPackets: pkts, RxBytes: bytes, TxBytes: bytes}},
		ServiceStatus: []*fwdpb.ServiceStatus{{Id: id, Packets: pkts, Bytes: bytes, TotalConns: conns,
			Reals: []*fwdpb.RealStatus{{Address: "10.1.0.11", Port: 80, Packets: pkts, Bytes: bytes, TotalConns: conns}}}},
	}}}
}

// TestLocal runs hvlbctl --forwarder SOCKET against a fake forwarder: the requests each
// command sends, its output, and its refusals.
func TestLocal(t *testing.T) {
	f := startFakeFwd(t)
	svcs := &fwdpb.Response{Body: &fwdpb.Response_Services{Services: &fwdpb.ServiceList{
		Services: []*fwdpb.VirtualService{{Id: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80},
			Mode: "nat", Scheduler: "maglev", RealServices: []*fwdpb.RealService{{Address: "10.1.0.11", Port: 80, Weight: 100, Health: 1}}}},
		ServiceStatus: []*fwdpb.ServiceStatus{{Id: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80},
			ActiveConns: 2, TotalConns: 9, Reals: []*fwdpb.RealStatus{{Address: "10.1.0.11", Port: 80, ActiveConns: 2, TotalConns: 9}}}}}}}
	s := []string{"--forwarder", f.path}
	tests := []struct {
		name     string
		args     []string
		replies  []*fwdpb.Response
		wantCode int
		wantReqs []string // substrings of each request's JSON, in order
		wantOut  []string
		notOut   []string // none of these in stdout
		wantErr  string
	}{
		{name: "vs add", args: []string{"vs", "add", "tcp", "10.100.0.1:80", "--sched", "rr", "--priority", "3"},
			wantReqs: []string{`"add_service":{"service":{"id":{"protocol":"tcp","vip":"10.100.0.1","vport":80},"mode":"nat","scheduler":"rr","priority":3}}`}},
		{name: "vs add tunnel", args: []string{"vs", "add", "udp", "10.100.0.4:53", "--mode", "tunnel", "--encap", "gue"},
			wantReqs: []string{`"add_service":{"service":{"id":{"protocol":"udp","vip":"10.100.0.4","vport":53},"mode":"tunnel","scheduler":"maglev","encap":"gue"}}`}},
		{name: "vs set encap", args: []string{"vs", "set", "udp", "10.100.0.4:53", "--encap", "ipip"},
			wantReqs: []string{`"update_service":{"id":{"protocol":"udp","vip":"10.100.0.4","vport":53},"encap":"ipip"}`}},
		{name: "vs set needs a flag", args: []string{"vs", "set", "tcp", "10.100.0.1:80"}, wantCode: 2, wantErr: "give what to change"},
		{name: "vs add with a rate limit", args: []string{"vs", "add", "tcp", "10.100.0.2:80", "--conn-rate-limit", "500"},
			wantReqs: []string{`"add_service":{"service":{"id":{"protocol":"tcp","vip":"10.100.0.2","vport":80},"mode":"nat","scheduler":"maglev","conn_rate_limit":500}}`}},
		{name: "vs set rate limit 0", args: []string{"vs", "set", "tcp", "10.100.0.2:80", "--conn-rate-limit", "0"},
			wantReqs: []string{`"update_service":{"id":{"protocol":"tcp","vip":"10.100.0.2","vport":80},"set_conn_rate_limit":true}`}},
		{name: "vs set rate limit past 32 bits", args: []string{"vs", "set", "tcp", "10.100.0.2:80", "--conn-rate-limit", "4294967296"},
			wantCode: 2, wantErr: "--conn-rate-limit 4294967296: want 0..4294967295"},
		{name: "rs add with a connection limit", args: []string{"rs", "add", "tcp", "10.100.0.1:80", "10.1.0.13:80", "--conn-limit", "64"},
			wantReqs: []string{`"real":{"address":"10.1.0.13","port":80,"weight":100,"health":1,"conn_limit":64}`}},
		{name: "rs set connection limit", args: []string{"rs", "set", "tcp", "10.100.0.1:80", "10.1.0.13:80", "--conn-limit", "8"},
			wantReqs: []string{`"set_conn_limit":true,"conn_limit":8`}},
		{name: "vs set priority 0", args: []string{"vs", "set", "udp", "[fd00::1]:53", "--priority", "0"},
			wantReqs: []string{`"update_service":{"id":{"protocol":"udp","vip":"fd00::1","vport":53},"set_priority":true}`}},
		{name: "rs add without a port", args: []string{"rs", "add", "tcp", "10.100.0.1:80", "10.1.0.12", "--weight", "5"},
			wantReqs: []string{`"add_real":{"service":{"protocol":"tcp","vip":"10.100.0.1","vport":80},"real":{"address":"10.1.0.12","weight":5,"health":1}}`}},
		{name: "rs set health down", args: []string{"rs", "set", "tcp", "10.100.0.1:80", "[fd01::11]:8080", "--health", "down"},
			wantReqs: []string{`"update_real":{"service":{"protocol":"tcp","vip":"10.100.0.1","vport":80},"address":"fd01::11","port":8080,"set_health":true}`}},
		{name: "rs delete hard, json", args: []string{"-o", "json", "rs", "delete", "tcp", "10.100.0.1:80", "10.1.0.11:80", "--hard"},
			wantReqs: []string{`"remove_real":{"service":{"protocol":"tcp","vip":"10.100.0.1","vport":80},"address":"10.1.0.11","port":80,"hard":true}`},
			wantOut:  []string{`{"status": 0, "config_version": 7}`}},
		{name: "the forwarder's refusal", args: []string{"vs", "delete", "tcp", "10.100.0.9:80"},
			replies:  []*fwdpb.Response{{Status: 2, Error: "service tcp 10.100.0.9:80: not found"}},
			wantReqs: []string{`"remove_service"`}, wantCode: 1, wantErr: "service tcp 10.100.0.9:80: not found"},
		{name: "vs list", args: []string{"vs", "list"}, replies: []*fwdpb.Response{svcs},
			wantReqs: []string{`"list_services":{}`},
			wantOut:  []string{"tcp    10.100.0.1:80", "  -> 10.1.0.11:80", "2/9"}},
		{name: "route add", args: []string{"route", "add", "10.1.0.0/24", "--port", "1"},
			wantReqs: []string{`"set_route":{"route":{"prefix":"10.1.0.0/24","port":1}}`}},
		{name: "route add needs a port", args: []string{"route", "add", "10.1.0.0/24"}, wantCode: 2, wantErr: "--port is required"},
		{name: "timeouts", args: []string{"timeouts", "--udp", "300", "--tcp-syn", "5"},
			wantReqs: []string{`"set_timeouts":{"timeouts":{"tcp_syn":5,"udp":300}}`}},
		{name: "timeouts with none reads them back", args: []string{"timeouts"},
			replies:  []*fwdpb.Response{{Body: &fwdpb.Response_Timeouts{Timeouts: &fwdpb.Timeouts{Udp: 300, TcpEstablished: 900}}}},
			wantReqs: []string{`"get_timeouts":{}`}, wantOut: []string{`"udp"`, "300", `"tcp_established"`, "900"}},
		{name: "vs add with its own timeouts", args: []string{"vs", "add", "udp", "10.100.0.3:53", "--timeout-udp", "2"},
			wantReqs: []string{`"timeouts":{"udp":2}`}},
		{name: "vs set timeouts replaces them", args: []string{"vs", "set", "udp", "10.100.0.3:53", "--timeout-udp", "0"},
			wantReqs: []string{`"set_timeouts":true,"timeouts":{}`}},
		{name: "zero every service", args: []string{"zero"}, wantReqs: []string{`"zero_counters":{}`}},
		{name: "zero one service", args: []string{"zero", "--vs", "udp/10.100.0.3:53"},
			wantReqs: []string{`"zero_counters":{"service":{"protocol":"udp","vip":"10.100.0.3","vport":53}}`}},
		{name: "zero --vs malformed", args: []string{"zero", "--vs", "10.100.0.3:53"}, wantCode: 2, wantErr: "want PROTO/VIP:PORT"},
		{name: "rssa", args: []string{"rssa", "on", "--q", "0.8"},
			wantReqs: []string{`"set_rssa":{"config":{"enabled":true,"q":0.8},"set_enabled":true}`}},
		{name: "steer", args: []string{"steer", "udp", "10.0.0.2:5000", "10.100.0.1:53", "1"},
			wantReqs: []string{`"steer_flow":{"protocol":"udp","client":"10.0.0.2:5000","vip":"10.100.0.1:53","worker":1}`}},
		{name: "pool set", args: []string{"pool", "set", "--addrs", "10.1.0.100,10.1.0.101", "--ports", "40000-40015"},
			replies: []*fwdpb.Response{{Body: &fwdpb.Response_LocalPool{LocalPool: &fwdpb.LocalPool{
				Addresses: []string{"10.1.0.100", "10.1.0.101"}, PortMin: 40000, PortMax: 40015}}}},
			wantReqs: []string{`"set_local_pool":{"addresses":["10.1.0.100","10.1.0.101"],"port_min":40000,"port_max":40015}`},
			wantOut:  []string{"10.1.0.101"}},
		{name: "pool set keeps the range", args: []string{"pool", "set", "--addrs", "10.1.0.100"},
			wantReqs: []string{`"set_local_pool":{"addresses":["10.1.0.100"]}`}},
		{name: "pool set empties it", args: []string{"pool", "set", "--addrs", ""},
			wantReqs: []string{`"set_local_pool":{}`}},
		{name: "pool set needs --addrs", args: []string{"pool", "set", "--ports", "1024-2047"}, wantCode: 2, wantErr: "give --addrs"},
		{name: "pool set bad range", args: []string{"pool", "set", "--addrs", "10.1.0.100", "--ports", "2047-1024"},
			wantCode: 2, wantErr: "--ports: "},
		{name: "pool set refused", args: []string{"pool", "set", "--addrs", "10.1.0.101"},
			replies:  []*fwdpb.Response{{Status: 16, Error: "local_pool.addrs: FullNAT connections hold the current addresses' indexes"}},
			wantReqs: []string{`"set_local_pool":{"addresses":["10.1.0.101"]}`}, wantCode: 1, wantErr: "local_pool.addrs"},
		{name: "stats --rate from two samples", args: []string{"stats", "--rate", "--interval", "100ms"},
			replies:  []*fwdpb.Response{statsReply(1000, 100000, 10), statsReply(1100, 110000, 15)},
			wantReqs: []string{`"get_stats":{}`, `"get_stats":{}`},
			wantOut:  []string{"CONNS/S", "  -> 10.1.0.11:80", "RX_PPS"}},
		{name: "stats --counters: every registry counter", args: []string{"stats", "--counters"},
			replies: []*fwdpb.Response{{Body: &fwdpb.Response_Stats{Stats: &fwdpb.Stats{
				Workers: []*fwdpb.WorkerStats{{Worker: 0, Counters: []*fwdpb.Counter{{Name: "rx_packets", Value: 7}, {Name: "vxlan_rx", Value: 2}}},
					{Worker: 1, RxPackets: 3}}, // a forwarder without counters: its typed fields
				SyncCounters: []*fwdpb.Counter{{Name: "sync_rx_messages", Value: 4}}}}}},
			wantReqs: []string{`"get_stats":{}`},
			wantOut: []string{"W0  W1  TOTAL\nrx_packets  ", "   7   3     10\nrx_bytes  ", "vxlan_rx  ", "   2   0      2\n",
				"sync_rx_messages      4\n"}},
		{name: "conns: the forwarder filters, every page", args: []string{"conns", "--client", "10.0.0.0/24", "--state", "established", "--all"},
			replies: []*fwdpb.Response{
				{Body: &fwdpb.Response_Connections{Connections: &fwdpb.ConnectionList{NextCursor: 5, Connections: []*fwdpb.Connection{
					{Worker: 1, Protocol: "tcp", Client: "10.0.0.2:40000", Vip: "10.100.0.1:80", Real: "10.1.0.11:80", State: "established"}}}}},
				{Body: &fwdpb.Response_Connections{Connections: &fwdpb.ConnectionList{}}}},
			wantReqs: []string{`"list_connections":{"limit":1000,"client":"10.0.0.0/24","state":"established"}`,
				`"list_connections":{"cursor":"5","limit":1000,"client":"10.0.0.0/24","state":"established"}`},
			wantOut: []string{"10.0.0.2:40000"}, notOut: []string{"SYNPROXY"}},
		{name: "conns: a SYNPROXY column when a SYN proxy's connection is listed", args: []string{"conns"},
			replies: []*fwdpb.Response{
				{Body: &fwdpb.Response_Connections{Connections: &fwdpb.ConnectionList{Connections: []*fwdpb.Connection{
					{Worker: 0, Protocol: "tcp", Client: "10.0.0.2:40000", Vip: "10.100.0.8:80", Real: "10.1.0.11:80", State: "syn_sent", Synproxy: "waiting"},
					{Worker: 0, Protocol: "tcp", Client: "10.0.0.3:40000", Vip: "10.100.0.1:80", Real: "10.1.0.11:80", State: "established"}}}}}},
			wantReqs: []string{`"list_connections":{"limit":1000}`},
			wantOut: []string{"EXPIRES  PACKETS  BYTES  SYNPROXY\n",
				"syn_sent     0    0        0/0      0/0    waiting\n", "established  0    0        0/0      0/0    -\n"}},
		{name: "trace", args: []string{"trace", "tcp", "10.0.0.2:40000", "10.100.0.1:80"},
			replies: []*fwdpb.Response{{Body: &fwdpb.Response_FlowTrace{FlowTrace: &fwdpb.FlowTrace{Verdict: "new", OwnerWorker: 1,
				ServiceFound: true, Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}, Mode: "nat",
				Scheduler: "maglev", Pick: "10.1.0.11:80", Reason: "maglev: flow hash 0x00000001, slot 1 of 65537 holds real 0 of 1",
				TableSlot: 1, UsableReals: 1, Reals: []*fwdpb.TraceReal{{Address: "10.1.0.11", Port: 80, Weight: 100, Health: 1, Usable: true}}}}}},
			wantReqs: []string{`"trace_flow":{"protocol":"tcp","client":"10.0.0.2:40000","vip":"10.100.0.1:80"}`},
			wantOut: []string{"no forwarder holds it", "this forwarder: new; owner worker 1",
				"new one     -> 10.1.0.11:80: maglev: flow hash 0x00000001, slot 1 of 65537"}},
		{name: "a controller command is not a local one", args: []string{"vs", "show", "x"}, wantCode: 2,
			wantErr: `unknown command "vs show"`},
		{name: "group help", args: []string{"route", "--help"},
			wantOut: []string{"usage: hvlbctl --forwarder SOCKET route COMMAND", "route delete PREFIX"}},
	}
	for _, tt := range tests {
		f.mu.Lock()
		f.replies = tt.replies
		f.mu.Unlock()
		code, out, errOut := run(nil, append(s, tt.args...)...)
		if code != tt.wantCode {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tt.name, code, tt.wantCode, errOut)
		}
		reqs := f.take()
		if len(reqs) != len(tt.wantReqs) {
			t.Errorf("%s: requests %q, want %d", tt.name, reqs, len(tt.wantReqs))
		} else {
			for i, w := range tt.wantReqs {
				if !strings.Contains(strings.ReplaceAll(reqs[i], " ", ""), w) {
					t.Errorf("%s: request %s, want it to hold %s", tt.name, reqs[i], w)
				}
			}
		}
		for _, w := range tt.wantOut {
			if !strings.Contains(out, w) {
				t.Errorf("%s: stdout lacks %q:\n%s", tt.name, w, out)
			}
		}
		for _, n := range tt.notOut {
			if strings.Contains(out, n) {
				t.Errorf("%s: stdout %q holds %q", tt.name, out, n)
			}
		}
		if tt.wantErr != "" && !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%s: stderr %q, want %q", tt.name, errOut, tt.wantErr)
		}
	}
}

// TestHelpAndCompletion: --help at every level, and what the completion scripts are told.
func TestHelpAndCompletion(t *testing.T) {
	tests := []struct {
		args     []string
		wantCode int
		want     string // in stdout
	}{
		{[]string{"vs", "--help"}, 0, "vs show ID"},
		{[]string{"vs", "help"}, 0, "vs add PROTO VIP:PORT"},
		{[]string{"rs", "-h"}, 0, "rs drain ID ADDR:PORT"},
		{[]string{"vs", "add", "--help"}, 0, "--sched"},
		{[]string{"--forwarder", "/x", "--help"}, 0, "rs add PROTO VIP:PORT ADDR[:PORT]"},
		{[]string{"--forwarder", "/x", "stats", "-h"}, 0, "--rate"},
		{[]string{"completion", "bash"}, 0, "complete -o default -F _hvlbctl hvlbctl"},
		{[]string{"completion", "zsh"}, 0, "compdef _hvlbctl hvlbctl"},
		{[]string{"__complete"}, 0, "\napply\n"},
		{[]string{"__complete", "vs"}, 0, "\nlist\n"},
		{[]string{"__complete", "--certs", "d", "rs", "set"}, 0, "--weight\n"},
		{[]string{"__complete", "--forwarder", "/x"}, 0, "\nroute\n"},
		{[]string{"__complete", "--forwarder", "/x", "stats"}, 0, "--rate\n"},
		{[]string{"__complete", "completion"}, 0, "bash\nzsh\n"},
	}
	for _, tt := range tests {
		code, out, errOut := run(nil, tt.args...)
		if code != tt.wantCode || !strings.Contains(out, tt.want) {
			t.Errorf("%q: exit %d, stdout %q (stderr %q); want %d and %q", tt.args, code, out, errOut, tt.wantCode, tt.want)
		}
	}
	if code, out, _ := run(nil, "__complete", "vs", "add", "--mode"); code != 0 || out != "" {
		t.Errorf("a flag's value: %q, want nothing (the shell's file names)", out)
	}
	if code, _, errOut := run(nil, "completion", "fish"); code != 2 || !strings.Contains(errOut, "want bash or zsh") {
		t.Errorf("completion fish: exit %d, %q", code, errOut)
	}
}

// TestRates: the rates of two samples half a second apart, and a counter that went down
// (a restarted forwarder) read as 0.
func TestRates(t *testing.T) {
	var b strings.Builder
	s1, s2 := statsReply(1000, 100000, 10).GetStats(), statsReply(1100, 110000, 15).GetStats()
	if err := showRates(&b, s1, s2, 0.5); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"tcp    10.100.0.1:80      10       200  160000\n", "  -> 10.1.0.11:80  10       200  160000\n",
		"0       200     200     160000  160000\n"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("rates lack %q:\n%s", w, b.String())
		}
	}
	b.Reset()
	showRates(&b, s2, s1, 0.5)
	if !strings.Contains(b.String(), "tcp    10.100.0.1:80      0        0    0\n") {
		t.Errorf("a counter that went down:\n%s", b.String())
	}
}

// TestLocalFlagsCoverSchema: vs add offers a flag for every field of the local API's
// VirtualService and vs set for every field of its UpdateService (a field added to
// proto/fwd.proto without its flag fails here). A field's flag is its name with dashes;
// the table below gives the others.
func TestLocalFlagsCoverSchema(t *testing.T) {
	other := map[string]string{"scheduler": "sched", "timeouts": "timeout-udp"}
	skip := map[string]bool{"id": true, "real_services": true} // the arguments; vs rs add
	for _, tc := range []struct {
		msg protoreflect.MessageDescriptor
	}{{(&fwdpb.VirtualService{}).ProtoReflect().Descriptor()}, {(&fwdpb.UpdateService{}).ProtoReflect().Descriptor()}} {
		cl := &cmdline{fs: flag.NewFlagSet("t", flag.ContinueOnError)}
		addVsFlags(cl)
		fields := tc.msg.Fields()
		for i := 0; i < fields.Len(); i++ {
			name := string(fields.Get(i).Name())
			if skip[name] || strings.HasPrefix(name, "set_") { // set_x: the flag x was given
				continue
			}
			flagName := strings.ReplaceAll(name, "_", "-")
			if o, ok := other[name]; ok {
				flagName = o
			}
			if cl.fs.Lookup(flagName) == nil {
				t.Errorf("%s.%s: no --%s flag for it in hvlbctl --forwarder vs add/set", tc.msg.Name(), name, flagName)
			}
		}
	}
}

// TestRESTFlagsCoverSchema: hvlbctl vs add/set offer a flag for every field of the REST
// API's service input but the service's identity (the arguments), its reals (--real, vs rs
// add) and the read-only ones; a field's flag is its name with dashes, or the table's.
func TestRESTFlagsCoverSchema(t *testing.T) {
	other := map[string]string{"scheduler": "sched", "timeouts": "timeout-udp", "forwarders": "forwarder",
		"health_check": "check", "policy": "policy"}
	notFlags := []string{"id", "protocol", "vip", "port", "reals", "version", "counters_zeroed_at"}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	addSvcFlags(fs)
	addPolicyFlags(fs)
	for _, name := range jsonFields(reflect.TypeOf(apitypes.ServiceInput{}), notFlags) {
		flagName := strings.ReplaceAll(name, "_", "-")
		if o, ok := other[name]; ok {
			flagName = o
		}
		if fs.Lookup(flagName) == nil {
			t.Errorf("ServiceInput.%s: no --%s flag for it in hvlbctl vs add/set", name, flagName)
		}
	}
}
