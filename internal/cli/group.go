package cli

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"hvlb/internal/apitypes"
)

// The controller group and the lb-requests, for the operator's "who leads?" and "which
// lb-request is pending?" (docs/operations.md): GET /v1/controllers and /v1/lb-requests.

var groupCommands = []*command{
	{"controllers", "", "the controller group: the leader, this controller's role, each controller in the election and the forwarders whose agents it holds", controllers},
	{"lb-request list", "", "every load-balancing request and its state, newest first (--state pending: those waiting for a forwarder)", lbRequestList},
}

func controllers(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if e.json() || e.wide() {
		return e.readout("/v1/controllers", "members", nil)
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var g apitypes.ControllerGroup
	if _, err := c.get("/v1/controllers", &g); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "leader: %s\nthis controller: %s (%s)\n\n", orDash(g.Leader), g.Name, g.Role)
	rows := [][]string{{"CONTROLLER", "ROLE", "ELECTION", "FORWARDERS"}}
	for _, m := range g.Members {
		name, role, elect := m.Name, "follower", "out"
		if m.Self {
			name += " (this one)"
		}
		switch {
		case m.Leader:
			role = "leader"
		case g.Role == "standalone":
			role = "standalone"
		}
		if m.Campaigning {
			elect = "campaigning"
		}
		rows = append(rows, []string{name, role, elect, forwardersShort(m.Forwarders)})
	}
	textTable(e.stdout, rows)
	return nil
}

func lbRequestList(e *env, cl *cmdline) error {
	state := cl.fs.String("state", "", "only requests in this state (pending, accepted, failed)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var l []apitypes.LBRequest
	b, err := c.get("/v1/lb-requests", &l)
	if err != nil {
		return err
	}
	if *state != "" {
		kept := l[:0]
		for _, r := range l {
			if r.State == *state {
				kept = append(kept, r)
			}
		}
		l = kept
		if b, err = json.Marshal(l); err != nil {
			return err
		}
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	if len(l) == 0 {
		fmt.Fprintln(e.stdout, "no lb-requests")
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool { return l[i].CreatedAt.After(l[j].CreatedAt) })
	rows := [][]string{{"ID", "STATE", "VIP", "NFS", "SERVICE", "FORWARDER", "AGE", "ERROR"}}
	for _, r := range l {
		vip := r.Request.Protocol + " " + endpoint(r.Request.VIP, uint32(r.Request.Port))
		errText := r.Error
		if !e.wide() {
			errText = clip(errText, 30) // -o wide: whole
		}
		rows = append(rows, []string{r.ID, r.State, vip, fmt.Sprint(len(r.Request.NFs)), serviceID(r),
			dash(r.Forwarder), dur(time.Since(r.CreatedAt)), dash(strings.TrimSpace(errText))})
	}
	textTable(e.stdout, rows, 3)
	return nil
}
