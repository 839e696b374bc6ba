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
