// Package fwdcounters is the Go side of the forwarder's counter registries: WORKER_COUNTERS
// (forwarder/src/stats.h) and the sync counters (SYNC_COUNTERS and the reject reasons,
// forwarder/src/sync.h). Their names and help texts are generated from `hvlb-forwarder
// --list-counters` into registry.go and docs/counters.md (go generate; a test compares both
// with the binary), and the metric each is exported as is derived here from its name, so a
// counter added to a registry reaches the local API, the metrics, the REST read-outs and the
// CLI with no list to edit by hand.
package fwdcounters

//go:generate go run ./gen -forwarder ../../build/forwarder/src/hvlb-forwarder -go registry.go -doc ../../docs/counters.md

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/pb/fwdpb"
)

// The registries, as --list-counters names them.
const (
	Worker = "worker" // WorkerStats.counters: per worker
	Sync   = "sync"   // Stats.sync_counters: the control thread's, per forwarder
)

// Counter is one entry of a registry.
type Counter struct {
	Group string
	Name  string
	Help  string
}

// validName is what a counter name must look like to become part of a metric name.
var validName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Parse reads the output of `hvlb-forwarder --list-counters`: one "group<TAB>name<TAB>help"
// line per counter.
func Parse(out []byte) ([]Counter, error) {
	var list []Counter
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for n := 1; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 || (f[0] != Worker && f[0] != Sync) || !validName.MatchString(f[1]) || f[2] == "" {
			return nil, fmt.Errorf("counter list line %d: %q is not group<TAB>name<TAB>help", n, sc.Text())
		}
		if seen[f[0]+"/"+f[1]] {
			return nil, fmt.Errorf("counter list line %d: %s counter %s listed twice", n, f[0], f[1])
		}
		seen[f[0]+"/"+f[1]] = true
		list = append(list, Counter{Group: f[0], Name: f[1], Help: f[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("counter list: %w", err)
	}
	return list, nil
}

var byKey = func() map[string]Counter {
	m := make(map[string]Counter, len(Registry))
	for _, c := range Registry {
		m[c.Group+"/"+c.Name] = c
	}
	return m
}()

// Lookup finds a counter of group by name in Registry.
func Lookup(group, name string) (Counter, bool) {
	c, ok := byKey[group+"/"+name]
	return c, ok
}

// workerAliases are worker counters whose metrics had other names before every counter was
// exported; docs and dashboards use those names, so they stay.
var workerAliases = map[string]string{
	"total_conns":            "hvlb_worker_connections_total",
	"conn_evicted_embryonic": "hvlb_worker_embryonic_evicted_total",
}

// MetricName is the Prometheus name of a counter of group: hvlb_worker_<name>_total for a
// worker counter (labels forwarder, worker), hvlb_forwarder_<name>_total for a sync counter
// (label forwarder). "" for a name that cannot be one (the forwarder's names never are).
func MetricName(group, name string) string {
	if !validName.MatchString(name) {
		return ""
	}
	switch group {
	case Worker:
		if a, ok := workerAliases[name]; ok {
			return a
		}
		return "hvlb_worker_" + name + "_total"
	case Sync:
		return "hvlb_forwarder_" + name + "_total"
	}
	return ""
}

// Help is the help text of a counter of group: the registry's, or, for one this build does not
// know (a newer forwarder), a generic one.
func Help(group, name string) string {
	if c, ok := Lookup(group, name); ok {
		return c.Help
	}
	return fmt.Sprintf("The forwarder's %s counter %s (docs/counters.md).", group, name)
}

// WorkerCounters is every counter of w by name: its counters, or, from a forwarder that sends
// none (one older than the field), its typed fields named as registry counters.
func WorkerCounters(w *fwdpb.WorkerStats) []*fwdpb.Counter {
	if cs := w.GetCounters(); len(cs) > 0 {
		return cs
	}
	if w == nil {
		return nil
	}
	var out []*fwdpb.Counter
	m := w.ProtoReflect()
	fields := m.Descriptor().Fields()
	for _, c := range Registry {
		fd := fields.ByName(protoreflect.Name(c.Name))
		if c.Group != Worker || fd == nil || fd.Kind() != protoreflect.Uint64Kind || fd.IsList() {
			continue
		}
		out = append(out, &fwdpb.Counter{Name: c.Name, Value: m.Get(fd).Uint()})
	}
	return out
}
