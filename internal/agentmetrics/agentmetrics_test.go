package agentmetrics

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/controller"
	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/fwdpb"
)

// scrape GETs /metrics and returns its samples: "name{labels}" -> value.
func scrape(t *testing.T, url string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET /metrics: %s: %s", resp.Status, b)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("bad sample %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

func TestMetricsFromFakeForwarder(t *testing.T) {
	fwd := fwdtest.New(t)
	sid := fwdclient.ServiceID("tcp", "10.100.0.1", 80)
	fwd.Load([]*fwdpb.VirtualService{{Id: sid, Mode: "nat", Scheduler: "maglev",
		RealServices: []*fwdpb.RealService{{Address: "10.1.0.11", Port: 80, Weight: 100, Health: 1}}}})
	fwd.SetDrops([]*fwdpb.DropCount{{Reason: "no_service", Count: 7}, {Reason: "ttl_exceeded", Count: 2}})
	fwd.SetSteering(&fwdpb.Steering{RssaMoves: 5, FlowsMoved: 4, Periods: 9,
		Workers:  []*fwdpb.WorkerLoad{{Worker: 0}, {Worker: 1}},
		Dispatch: &fwdpb.DispatchStage{Enabled: true, Stages: 2, RxPackets: 11}})
	fc := fwdclient.New(fwd.Path)
	defer fc.Close()
	srv := httptest.NewServer(Handler("fwd-a", fc, nil, nil))
	defer srv.Close()

	got := scrape(t, srv.URL)
	for _, tc := range []struct {
		series string
		want   float64
	}{
		{`hvlb_agent_forwarder_up{forwarder="fwd-a"}`, 1},
		{`hvlb_forwarder_drops_total{forwarder="fwd-a",reason="no_service"}`, 7},
		{`hvlb_forwarder_drops_total{forwarder="fwd-a",reason="ttl_exceeded"}`, 2},
		{`hvlb_worker_drops_total{forwarder="fwd-a",reason="no_service",worker="0"}`, 7},
		{`hvlb_worker_rx_packets_total{forwarder="fwd-a",worker="1"}`, 0},
		{`hvlb_port_rx_packets_total{forwarder="fwd-a",name="net_af_packet1",port="1"}`, 0},
		{`hvlb_forwarder_mempool_size{forwarder="fwd-a"}`, 16383},
		{`hvlb_service_active_connections{forwarder="fwd-a",service="tcp-10.100.0.1-80"}`, 0},
		{`hvlb_real_packets_total{forwarder="fwd-a",real="10.1.0.11:80",service="tcp-10.100.0.1-80"}`, 0},
		{`hvlb_forwarder_rssa_moves_total{forwarder="fwd-a"}`, 5},
		{`hvlb_forwarder_flows_moved_total{forwarder="fwd-a"}`, 4},
		{`hvlb_forwarder_dispatch_stages{forwarder="fwd-a"}`, 2},
		{`hvlb_forwarder_dispatch_rx_packets_total{forwarder="fwd-a"}`, 11},
	} {
		v, ok := got[tc.series]
		if !ok {
			t.Errorf("no %s", tc.series)
		} else if v != tc.want {
			t.Errorf("%s = %v, want %v", tc.series, v, tc.want)
		}
	}

	// Every hvlb_ name the agent exports is one the controller exports too, or the agent's own.
	ctlNames := descNames((*controller.Controller)(nil).Collector())
	for series := range got {
		name, _, _ := strings.Cut(series, "{")
		if strings.HasPrefix(name, "hvlb_") && name != "hvlb_agent_forwarder_up" && !ctlNames[name] {
			t.Errorf("%s: the controller has no metric of that name", name)
		}
	}

	// The forwarder gone: up says so and none of its series is made up.
	fwd.Stop()
	got = scrape(t, srv.URL)
	if v := got[`hvlb_agent_forwarder_up{forwarder="fwd-a"}`]; v != 0 {
		t.Errorf("forwarder stopped: hvlb_agent_forwarder_up = %v, want 0", v)
	}
	for series := range got {
		if strings.HasPrefix(series, "hvlb_") && !strings.HasPrefix(series, "hvlb_agent_forwarder_up") {
			t.Errorf("forwarder stopped: still exports %s", series)
		}
	}
}

var fqName = regexp.MustCompile(`fqName: "([^"]+)"`)

// descNames returns the names of the metrics c describes.
func descNames(c prometheus.Collector) map[string]bool {
	ch := make(chan *prometheus.Desc)
	go func() { c.Describe(ch); close(ch) }()
	names := map[string]bool{}
	for d := range ch {
		if m := fqName.FindStringSubmatch(d.String()); m != nil {
			names[m[1]] = true
		}
	}
	return names
}
