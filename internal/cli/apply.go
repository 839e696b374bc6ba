package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

var declCommands = []*command{
	{"apply", "-f FILE", "make the services of a YAML file (hvlbctl get -o yaml) so: create and update them and their reals " +
		"(--prune: delete the services the file lacks; --dry-run: show the changes only)", apply},
	{"get", "[ID...]", "export services (every one, or those named) as the YAML file apply reads (-o json: the API's JSON)", get},
}

func init() { commands = append(commands, declCommands...) }

// yamlCommands take -o yaml.
var yamlCommands = map[string]bool{"get": true}

// change is one request of a plan, and the line that shows it.
type change struct {
	what string
	do   func(c *client) error
}

func apply(e *env, cl *cmdline) error {
	file := cl.fs.String("f", "", "the `FILE` to apply (- : standard input)")
	prune := cl.fs.Bool("prune", false, "delete the services that are not in the file")
	dry := cl.fs.Bool("dry-run", false, "show the changes and make none")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if *file == "" {
		return usagef("-f FILE is required")
	}
	var data []byte
	var err error
	if *file == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(*file)
	}
	if err != nil {
		return err
	}
	df, err := parseDecl(*file, data)
	if err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	cur, _, err := c.getServices()
	if err != nil {
		return err
	}
	plan, kept := df.plan(cur, *prune)
	if len(plan) == 0 {
		fmt.Fprintln(e.stdout, "no changes")
	}
	for _, ch := range plan {
		if *dry {
			fmt.Fprintln(e.stdout, ch.what)
			continue
		}
		if err := ch.do(c); err != nil {
			return fmt.Errorf("%s: %w", ch.what, err)
		}
		fmt.Fprintln(e.stdout, ch.what)
	}
	if len(kept) > 0 {
		fmt.Fprintf(e.stdout, "%d service(s) not in %s kept (--prune deletes them): %s\n", len(kept), *file, strings.Join(kept, " "))
	}
	if *dry && len(plan) > 0 {
		fmt.Fprintln(e.stdout, "dry run: nothing changed")
	}
	return nil
}

func get(e *env, cl *cmdline) error {
	if err := cl.parse(0, -1); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	svcs, b, err := c.getServices()
	if err != nil {
		return err
	}
	var ids map[string]bool
	if len(cl.pos) > 0 {
		ids = map[string]bool{}
		have := map[string]bool{}
		for _, s := range svcs {
			have[s.ID] = true
		}
		for _, id := range cl.pos {
			if !have[id] {
				return fmt.Errorf("service %s: not found", id)
			}
			ids[id] = true
		}
	}
	if e.json() {
		if ids == nil {
			return printJSON(e.stdout, b)
		}
		var out []service
		for _, s := range svcs {
			if ids[s.ID] {
				out = append(out, s)
			}
		}
		jb, err := json.Marshal(out)
		if err != nil {
			return err
		}
		return printJSON(e.stdout, jb)
	}
	return exportYAML(e.stdout, b, ids)
}

// plan lists the requests that make the controller's services (cur) what the file
// says, in the file's order, then the deletions of --prune; kept are the services the
// file lacks and that stay.
func (f *declFile) plan(cur []service, prune bool) (plan []change, kept []string) {
	byID := map[string]*service{}
	for i := range cur {
		byID[cur[i].ID] = &cur[i]
	}
	inFile := map[string]bool{}
	for _, s := range f.services {
		inFile[s.want.ID] = true
		if c := byID[s.want.ID]; c != nil {
			plan = append(plan, f.update(s, c)...)
		} else {
			plan = append(plan, f.create(s))
		}
	}
	for _, c := range cur {
		if inFile[c.ID] {
			continue
		}
		if !prune {
			kept = append(kept, c.ID)
			continue
		}
		id := c.ID
		plan = append(plan, change{"delete service " + id, func(cl *client) error {
			_, _, err := cl.do(http.MethodDelete, servicePath(id), nil)
			return err
		}})
	}
	return plan, kept
}

func (f *declFile) create(s *fileService) change {
	in := s.in
	in.Version = nil
	in.Reals = slices.Clone(in.Reals)
	for i := range in.Reals {
		port := s.want.Reals[i].Port
		in.Reals[i].Port, in.Reals[i].Health, in.Reals[i].HealthReason, in.Reals[i].Version = &port, nil, nil, nil
	}
	what := fmt.Sprintf("create service %s (%d reals)", s.want.ID, len(s.want.Reals))
	return change{what, func(c *client) error {
		_, _, err := c.do(http.MethodPost, "/v1/services", in)
		return f.apiError(s, err)
	}}
}

// update is the requests that change service c into what s asks: a PUT of the service
// when its own fields differ (with the version read, so that a change made meanwhile
// is not overwritten), then one request per real that differs.
func (f *declFile) update(s *fileService, c *service) []change {
	var out []change
	var diffs []string
	w := s.want
	put := apitypes.ServiceInput{Mode: c.Mode, Encap: c.Encap, Scheduler: c.Scheduler, Forwarders: c.Forwarders,
		HealthCheck: c.HealthCheck, Version: &c.Version}
	if put.Forwarders == nil {
		put.Forwarders = []string{}
	}
	if s.given["mode"] && w.Mode != c.Mode {
		diffs = append(diffs, fmt.Sprintf("mode %s -> %s", dash(c.Mode), w.Mode))
		put.Mode = w.Mode
		if !s.given["encap"] {
			put.Encap = "" // a file that names the mode without an encap means none
		}
	}
	if (s.given["encap"] || s.given["mode"]) && w.Encap != c.Encap {
		diffs = append(diffs, fmt.Sprintf("encap %s -> %s", dash(c.Encap), dash(w.Encap)))
		put.Encap = w.Encap
	}
	if s.given["scheduler"] && w.Scheduler != c.Scheduler {
		diffs = append(diffs, fmt.Sprintf("scheduler %s -> %s", dash(c.Scheduler), w.Scheduler))
		put.Scheduler = w.Scheduler
	}
	if s.given["forwarders"] && !sameSet(w.Forwarders, c.Forwarders) {
		diffs = append(diffs, fmt.Sprintf("forwarders %s -> %s", forwarders(c.Forwarders), forwarders(w.Forwarders)))
		put.Forwarders = w.Forwarders
	}
	if s.given["health_check"] && !reflect.DeepEqual(w.HealthCheck, c.HealthCheck) {
		diffs = append(diffs, fmt.Sprintf("health_check %s -> %s", compact(c.HealthCheck), compact(w.HealthCheck)))
		put.HealthCheck = w.HealthCheck
	}
	if s.given["conn_rate_limit"] && w.ConnRateLimit != c.ConnRateLimit {
		diffs = append(diffs, fmt.Sprintf("conn_rate_limit %d -> %d", c.ConnRateLimit, w.ConnRateLimit))
		put.ConnRateLimit = &w.ConnRateLimit
	}
	if s.given["timeouts"] && !reflect.DeepEqual(w.Timeouts, c.Timeouts) {
		diffs = append(diffs, fmt.Sprintf("timeouts %s -> %s", compact(c.Timeouts), compact(w.Timeouts)))
		put.Timeouts = w.Timeouts
		if put.Timeouts == nil {
			put.Timeouts = &model.Timeouts{} // none of its own: PUT clears with {}
		}
	}
	if s.given["synproxy"] && firstOf(w.Synproxy, model.SynproxyOff) != firstOf(c.Synproxy, model.SynproxyOff) {
		diffs = append(diffs, fmt.Sprintf("synproxy %s -> %s", dash(c.Synproxy), w.Synproxy))
		put.Synproxy = w.Synproxy
	}
	if s.given["priority"] && w.Priority != c.Priority {
		diffs = append(diffs, fmt.Sprintf("priority %d -> %d", c.Priority, w.Priority))
		put.Priority = &w.Priority
	}
	if s.given["client_addr"] && firstOf(w.ClientAddr, model.ClientAddrOff) != firstOf(c.ClientAddr, model.ClientAddrOff) {
		diffs = append(diffs, fmt.Sprintf("client_addr %s -> %s", firstOf(c.ClientAddr, model.ClientAddrOff),
			firstOf(w.ClientAddr, model.ClientAddrOff)))
		put.ClientAddr = firstOf(w.ClientAddr, model.ClientAddrOff)
	}
	if s.given["synproxy_threshold"] && w.SynproxyThreshold != c.SynproxyThreshold {
		diffs = append(diffs, fmt.Sprintf("synproxy_threshold %d -> %d", c.SynproxyThreshold, w.SynproxyThreshold))
		put.SynproxyThreshold = &w.SynproxyThreshold
	}
	if s.given["policy"] && s.in.Policy != nil && !subset(s.in.Policy, c.Policy) {
		diffs = append(diffs, fmt.Sprintf("policy %s -> %s", compact(c.Policy), compact(s.in.Policy)))
		put.Policy = s.in.Policy
	}
	id := c.ID
	if len(diffs) > 0 {
		out = append(out, change{"update service " + id + ": " + strings.Join(diffs, ", "), func(cl *client) error {
			_, _, err := cl.do(http.MethodPut, servicePath(id), put)
			var ae *APIError
			if errors.As(err, &ae) && ae.Status == http.StatusConflict {
				return fmt.Errorf("%w: the service changed on the controller since it was read (version %d); apply again", err, c.Version)
			}
			return f.apiError(s, err)
		}})
	}
	if s.reals == nil {
		return out
	}
	have := map[string]*model.Real{}
	for i := range c.Reals {
		have[c.Reals[i].Key()] = &c.Reals[i]
	}
	wanted := map[string]bool{}
	for i, fr := range s.reals {
		r := fr.want
		key := r.Key()
		wanted[key] = true
		ap, err := parseAddrPort("real", key)
		if err != nil {
			continue // NormalizeService made it canonical
		}
		cr := have[key]
		if cr == nil {
			in := s.in.Reals[i]
			port := r.Port
			in.Port, in.Health, in.HealthReason, in.Version = &port, nil, nil, nil
			out = append(out, change{fmt.Sprintf("add real %s %s weight %d", id, key, r.Weight), func(cl *client) error {
				_, _, err := cl.do(http.MethodPost, servicePath(id)+"/reals", in)
				return f.apiError(s, err)
			}})
			continue
		}
		var p apitypes.RealPatch
		var rd []string
		if fr.given["weight"] && r.Weight != cr.Weight {
			p.Weight = &r.Weight
			rd = append(rd, fmt.Sprintf("weight %d -> %d", cr.Weight, r.Weight))
		}
		if fr.given["health_override"] && r.HealthOverride != cr.HealthOverride {
			p.HealthOverride = &r.HealthOverride
			rd = append(rd, fmt.Sprintf("health_override %s -> %s", dash(cr.HealthOverride), dash(r.HealthOverride)))
		}
		if fr.given["drain"] && r.Drain != cr.Drain {
			p.Drain = &r.Drain
			rd = append(rd, fmt.Sprintf("drain %t -> %t", cr.Drain, r.Drain))
		}
		if fr.given["metrics_url"] && r.MetricsURL != cr.MetricsURL {
			p.MetricsURL = &r.MetricsURL
			rd = append(rd, fmt.Sprintf("metrics_url %s -> %s", dash(cr.MetricsURL), dash(r.MetricsURL)))
		}
		if fr.given["conn_limit"] && r.ConnLimit != cr.ConnLimit {
			p.ConnLimit = &r.ConnLimit
			rd = append(rd, fmt.Sprintf("conn_limit %d -> %d", cr.ConnLimit, r.ConnLimit))
		}
		if fr.given["capacity_mbps"] && r.CapacityMbps != cr.CapacityMbps {
			p.CapacityMbps = &r.CapacityMbps
			rd = append(rd, fmt.Sprintf("capacity_mbps %g -> %g", cr.CapacityMbps, r.CapacityMbps))
		}
		if len(rd) > 0 {
			out = append(out, change{fmt.Sprintf("update real %s %s: %s", id, key, strings.Join(rd, ", ")), func(cl *client) error {
				_, _, err := cl.do(http.MethodPatch, realPath(id, ap), p)
				return f.apiError(s, err)
			}})
		}
	}
	for _, cr := range c.Reals {
		if wanted[cr.Key()] {
			continue
		}
		key := cr.Key()
		ap, err := parseAddrPort("real", key)
		if err != nil {
			continue
		}
		out = append(out, change{fmt.Sprintf("delete real %s %s", id, key), func(cl *client) error {
			_, _, err := cl.do(http.MethodDelete, realPath(id, ap), nil)
			return err
		}})
	}
	return out
}

// apiError names the file's object of a refusal that names a field.
func (f *declFile) apiError(s *fileService, err error) error {
	var ae *APIError
	if !errors.As(err, &ae) || ae.Field == "" {
		return err
	}
	line := s.node.Line
	if n := nodeAt(s.node, ae.Field); n != nil {
		line = n.Line
	}
	return fmt.Errorf("%s:%d: services[%d] (%s): field %s: %w", f.name, line, s.index, s.want.ID, ae.Field, err)
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// subset reports whether every field that want gives (as JSON) has the same value in have.
func subset(want, have any) bool {
	var w, h map[string]any
	wb, _ := json.Marshal(want)
	hb, _ := json.Marshal(have)
	if json.Unmarshal(wb, &w) != nil || json.Unmarshal(hb, &h) != nil {
		return false
	}
	for k, v := range w {
		if !reflect.DeepEqual(v, h[k]) {
			return false
		}
	}
	return true
}

func compact(v any) string {
	if reflect.ValueOf(v).IsNil() {
		return "none"
	}
	b, _ := json.Marshal(v)
	return string(b)
}
