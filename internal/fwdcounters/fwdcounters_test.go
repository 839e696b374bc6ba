package fwdcounters

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"hvlb/internal/pb/fwdpb"
)

// forwarderList runs `hvlb-forwarder --list-counters` (build/forwarder, or $HVLB_FORWARDER),
// and skips the test, saying why, when there is no binary.
func forwarderList(t *testing.T) []Counter {
	t.Helper()
	bin := os.Getenv("HVLB_FORWARDER")
	if bin == "" {
		bin, _ = filepath.Abs("../../build/forwarder/src/hvlb-forwarder")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("no forwarder binary (%v): build it with make forwarder, or set HVLB_FORWARDER", err)
	}
	out, err := exec.Command(bin, "--list-counters").Output()
	if err != nil {
		t.Fatalf("%s --list-counters: %v", bin, err)
	}
	list, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// The Go table and the operators' list are the forwarder's registries: a counter added to
// WORKER_COUNTERS or SYNC_COUNTERS fails here until go generate ./internal/fwdcounters.
func TestRegistryIsTheForwarders(t *testing.T) {
	list := forwarderList(t)
	if !slices.Equal(list, Registry) {
		t.Errorf("registry.go differs from the forwarder's --list-counters: run go generate ./internal/fwdcounters\nforwarder: %v\nregistry.go: %v", list, Registry)
	}
	doc, err := os.ReadFile("../../docs/counters.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(doc) != string(Markdown(list)) {
		t.Errorf("docs/counters.md differs from the forwarder's --list-counters: run go generate ./internal/fwdcounters")
	}
}

func TestMetricNames(t *testing.T) {
	seen := map[string]string{}
	for _, c := range Registry {
		m := MetricName(c.Group, c.Name)
		if m == "" {
			t.Errorf("%s counter %s: no metric name", c.Group, c.Name)
		}
		if o, dup := seen[m]; dup {
			t.Errorf("%s counter %s and %s are both %s", c.Group, c.Name, o, m)
		}
		seen[m] = c.Group + "/" + c.Name
	}
	for _, tc := range []struct{ group, name, want string }{
		{Worker, "rx_packets", "hvlb_worker_rx_packets_total"},
		{Worker, "total_conns", "hvlb_worker_connections_total"},
		{Worker, "conn_evicted_embryonic", "hvlb_worker_embryonic_evicted_total"},
		{Sync, "sync_rx_messages", "hvlb_forwarder_sync_rx_messages_total"},
		{Worker, "Bad-Name", ""},
		{"port", "x", ""},
	} {
		if got := MetricName(tc.group, tc.name); got != tc.want {
			t.Errorf("MetricName(%s, %s) = %q, want %q", tc.group, tc.name, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    []Counter
		wantErr bool
	}{
		{in: "worker\trx_packets\tPackets.\nsync\tsync_x\tX.\n",
			want: []Counter{{Worker, "rx_packets", "Packets."}, {Sync, "sync_x", "X."}}},
		{in: "", want: nil},
		{in: "worker\trx_packets\n", wantErr: true},
		{in: "port\trx\tX.\n", wantErr: true},
		{in: "worker\tRx\tX.\n", wantErr: true},
		{in: "worker\tx\tX.\nworker\tx\tY.\n", wantErr: true},
	} {
		got, err := Parse([]byte(tc.in))
		if (err != nil) != tc.wantErr || !slices.Equal(got, tc.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.wantErr)
		}
	}
}

// A forwarder older than WorkerStats.counters: its typed fields, by the registry's names.
func TestWorkerCountersFromTypedFields(t *testing.T) {
	w := &fwdpb.WorkerStats{RxPackets: 5, TotalConns: 3, ExceptionToKernel: 2}
	got := map[string]uint64{}
	for _, c := range WorkerCounters(w) {
		got[c.GetName()] = c.GetValue()
	}
	if got["rx_packets"] != 5 || got["total_conns"] != 3 || got["exception_to_kernel"] != 2 {
		t.Errorf("WorkerCounters = %v", got)
	}
	if _, ok := got["vxlan_rx"]; ok {
		t.Errorf("WorkerCounters made up vxlan_rx, which WorkerStats has no field for: %v", got)
	}
	w.Counters = []*fwdpb.Counter{{Name: "vxlan_rx", Value: 1}}
	if cs := WorkerCounters(w); len(cs) != 1 || cs[0].GetName() != "vxlan_rx" {
		t.Errorf("WorkerCounters with counters = %v, want them", cs)
	}
	if WorkerCounters(nil) != nil {
		t.Error("WorkerCounters(nil) is not nil")
	}
}
