package agent

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"hvlb/internal/agentmetrics"
	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdcounters"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// TestEveryCounterVisible walks the real forwarder's counter registries (hvlb-forwarder
// --list-counters): every worker counter is in each worker's GetStats counters, in the
// registry's order; with sync on, every sync counter is in Stats.sync_counters; the agent's
// /metrics exports each one under fwdcounters.MetricName with the registry's help text
// (registry.go stale: a generic one, and the test says to generate it again); and the report
// to the controller carries them (its stats are GetStats's). The REST read-outs take the same
// names (internal/api, TestStatsCarryEveryCounter, over fwdcounters.Registry, which
// internal/fwdcounters's test holds to the binary's list).
func TestEveryCounterVisible(t *testing.T) {
	f := startRealForwarder(t)
	out, err := exec.Command(f.bin, "--list-counters").Output()
	if err != nil {
		t.Fatalf("%s --list-counters: %v", f.bin, err)
	}
	list, err := fwdcounters.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	var workerNames, syncNames []string
	for _, c := range list {
		if c.Group == fwdcounters.Worker {
			workerNames = append(workerNames, c.Name)
		} else {
			syncNames = append(syncNames, c.Name)
		}
	}
	if len(workerNames) == 0 || len(syncNames) == 0 {
		t.Fatalf("--list-counters gave %d worker and %d sync counters:\n%s", len(workerNames), len(syncNames), out)
	}
	fc := fwdclient.New(f.Path)
	defer fc.Close()
	ctx := context.Background()
	// Sync on, towards a peer that never answers: its counters are in GetStats from then on.
	if err := fc.SetSync(ctx, &fwdpb.SyncConfig{Id: 1, Listen: "127.0.0.1:0", Key: []byte("0123456789abcdef"),
		Peers: []string{"127.0.0.1:9"}}); err != nil {
		t.Fatal(err)
	}
	st, err := fc.GetStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.GetWorkers()) == 0 {
		t.Fatal("GetStats: no workers")
	}
	for _, w := range st.GetWorkers() {
		var names []string
		for _, c := range w.GetCounters() {
			names = append(names, c.GetName())
		}
		if !slices.Equal(names, workerNames) {
			t.Errorf("worker %d's counters %v, want the registry's %v", w.GetWorker(), names, workerNames)
		}
	}
	inSync := map[string]bool{}
	for _, c := range st.GetSyncCounters() {
		inSync[c.GetName()] = true
	}
	for _, n := range syncNames {
		if !inSync[n] {
			t.Errorf("sync counter %s is not in GetStats's sync_counters", n)
		}
	}

	srv := httptest.NewServer(agentmetrics.Handler("fwd-r", fc, nil, nil))
	defer srv.Close()
	samples, help := scrapeText(t, srv.URL)
	for _, c := range list {
		m := fwdcounters.MetricName(c.Group, c.Name)
		key := m + `{forwarder="fwd-r"`
		if c.Group == fwdcounters.Worker {
			key += `,worker="0"`
		}
		if !samples[key+"}"] {
			t.Errorf("%s counter %s: no %s} in /metrics", c.Group, c.Name, key)
		}
		if help[m] != c.Help {
			t.Errorf("%s: help %q, want the registry's %q (go generate ./internal/fwdcounters)", m, help[m], c.Help)
		}
	}
	// What the agent reports is GetStats itself.
	rep := &ctlpb.AgentReport{Stats: st}
	if got := len(rep.GetStats().GetWorkers()[0].GetCounters()); got != len(workerNames) {
		t.Errorf("the report carries %d worker counters, want %d", got, len(workerNames))
	}
}

// scrapeText GETs url/metrics: the samples' "name{labels}" and each metric's help.
func scrapeText(t *testing.T, url string) (map[string]bool, map[string]string) {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	samples, help := map[string]bool{}, map[string]string{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# HELP "); ok {
			name, text, _ := strings.Cut(rest, " ")
			help[name] = text
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		samples[line[:strings.LastIndexByte(line, ' ')]] = true
	}
	return samples, help
}
