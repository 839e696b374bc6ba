// Package grafana holds the Grafana dashboard of hvlb (hvlb.json: import it, or provision it
// from this directory). Its test checks that Grafana can load it and that every query asks
// for metrics, and labels, that the controller or the agent exports.
package grafana

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/agentmetrics"
	"hvlb/internal/controller"
)

type dashboard struct {
	Title         string  `json:"title"`
	UID           string  `json:"uid"`
	SchemaVersion int     `json:"schemaVersion"`
	Panels        []panel `json:"panels"`
	Templating    struct {
		List []struct {
			Name  string          `json:"name"`
			Type  string          `json:"type"`
			Query json.RawMessage `json:"query"`
		} `json:"list"`
	} `json:"templating"`
	Time struct{ From, To string } `json:"time"`
}

type panel struct {
	ID      int    `json:"id"`
	Type    string `json:"type"`
	Title   string `json:"title"`
	GridPos *struct {
		H, W, X, Y int
	} `json:"gridPos"`
	Datasource *struct{ Type, UID string } `json:"datasource"`
	Targets    []struct {
		RefID string `json:"refId"`
		Expr  string `json:"expr"`
	} `json:"targets"`
}

var (
	descRe     = regexp.MustCompile(`fqName: "([^"]+)".*variableLabels: \{([^}]*)\}`)
	selectorRe = regexp.MustCompile(`\b(hvlb_[a-zA-Z0-9_:]*)(\{[^}]*\})?`)
	matcherRe  = regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)`)
	byRe       = regexp.MustCompile(`\b(?:by|without)\s*\(([^)]*)\)`)
	varRe      = regexp.MustCompile(`\$(?:__)?[a-zA-Z_]+|\[\$__rate_interval\]`)
)

// exported returns the metrics the controller and the agent register, with their labels.
func exported() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, c := range []prometheus.Collector{(*controller.Controller)(nil).Collector(),
		agentmetrics.NewCollector("fwd", nil, nil)} {
		ch := make(chan *prometheus.Desc)
		go func() { c.Describe(ch); close(ch) }()
		for d := range ch {
			m := descRe.FindStringSubmatch(d.String())
			if m == nil {
				continue
			}
			labels := map[string]bool{"job": true, "instance": true}
			for _, l := range strings.Split(m[2], ",") {
				if l = strings.TrimSpace(l); l != "" {
					labels[l] = true
				}
			}
			out[m[1]] = labels
		}
	}
	return out
}

func TestDashboardLoads(t *testing.T) {
	b, err := os.ReadFile("hvlb.json")
	if err != nil {
		t.Fatal(err)
	}
	var d dashboard
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("hvlb.json: %v", err)
	}
	if d.Title == "" || d.UID == "" || d.SchemaVersion < 30 || d.Time.From == "" || d.Time.To == "" {
		t.Errorf("hvlb.json: title %q, uid %q, schemaVersion %d, time %+v: Grafana needs them all",
			d.Title, d.UID, d.SchemaVersion, d.Time)
	}
	vars := map[string]bool{}
	for _, v := range d.Templating.List {
		if v.Name == "" || v.Type == "" {
			t.Errorf("templating variable %+v: no name or type", v)
		}
		vars[v.Name] = true
	}
	metrics := exported()
	if len(metrics) < 50 {
		t.Fatalf("found %d exported metrics: the Describe parsing is broken", len(metrics))
	}
	types := map[string]bool{"row": true, "timeseries": true, "stat": true, "gauge": true, "table": true, "bargauge": true}
	ids := map[int]bool{}
	queries := 0
	for _, p := range d.Panels {
		where := "panel " + p.Title
		if p.ID <= 0 || ids[p.ID] {
			t.Errorf("%s: id %d missing or repeated", where, p.ID)
		}
		ids[p.ID] = true
		if !types[p.Type] || p.Title == "" || p.GridPos == nil || p.GridPos.W <= 0 || p.GridPos.H <= 0 ||
			p.GridPos.X+p.GridPos.W > 24 {
			t.Errorf("%s: type %q, gridPos %+v", where, p.Type, p.GridPos)
		}
		if p.Type == "row" {
			continue
		}
		if p.Datasource == nil || p.Datasource.Type != "prometheus" || len(p.Targets) == 0 {
			t.Errorf("%s: no prometheus datasource or no targets", where)
		}
		for _, tg := range p.Targets {
			queries++
			if tg.RefID == "" || tg.Expr == "" {
				t.Errorf("%s: target without refId or expr", where)
			}
			for _, v := range varRe.FindAllString(tg.Expr, -1) {
				if name := strings.TrimPrefix(v, "$"); !strings.HasPrefix(v, "$__") && !strings.HasPrefix(v, "[") && !vars[name] {
					t.Errorf("%s: %s uses undefined variable %s", where, tg.Expr, v)
				}
			}
			for _, e := range checkExpr(tg.Expr, metrics) {
				t.Errorf("%s: %s", where, e)
			}
		}
	}
	if queries == 0 {
		t.Fatal("no queries")
	}
}

// checkExpr checks that every hvlb_ metric expr selects exists, and that the labels it
// matches on or aggregates by are the metric's; it returns what is wrong.
func checkExpr(expr string, metrics map[string]map[string]bool) (errs []string) {
	used := map[string]bool{}
	for _, m := range selectorRe.FindAllStringSubmatch(expr, -1) {
		labels, ok := metrics[m[1]]
		if !ok {
			errs = append(errs, fmt.Sprintf("%s: no metric %s is registered by the controller or the agent", expr, m[1]))
			continue
		}
		used[m[1]] = true
		for _, lm := range matcherRe.FindAllStringSubmatch(m[2], -1) {
			if !labels[lm[1]] {
				errs = append(errs, fmt.Sprintf("%s: %s has no label %s", expr, m[1], lm[1]))
			}
		}
	}
	for _, by := range byRe.FindAllStringSubmatch(expr, -1) {
		for _, l := range strings.Split(by[1], ",") {
			l = strings.TrimSpace(l)
			found := false
			for name := range used {
				found = found || metrics[name][l]
			}
			if !found {
				errs = append(errs, fmt.Sprintf("%s: no metric it uses has label %s", expr, l))
			}
		}
	}
	return errs
}

// The checks catch what they should: a misspelt metric, a label it lacks.
func TestCheckExprCatches(t *testing.T) {
	metrics := exported()
	for _, expr := range []string{
		`rate(hvlb_worker_rx_packet_total[1m])`,
		`hvlb_worker_load{forwarder="a", port="1"}`,
		`sum by (reason) (hvlb_worker_load)`,
	} {
		if len(checkExpr(expr, metrics)) == 0 {
			t.Errorf("%s: not caught", expr)
		}
	}
}
