package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"

	"hvlb/internal/apitypes"
)

// hvlbctl nf-load ADDR=UTIL[@TIME] ...: push NF CPU utilisation as the NFV manager does
// (POST /v1/nf-load), for NFs without a metrics endpoint or to test the policy by hand.

func init() {
	commands = append(commands, &command{"nf-load", "ADDR=UTIL[@RFC3339]...",
		"push NF CPU utilisation (0..1) for reals' addresses, an input of the comprehensive policy", nfLoad})
}

func nfLoad(e *env, cl *cmdline) error {
	if err := cl.parse(1, 4096); err != nil {
		return err
	}
	var body apitypes.NFLoadInput
	for _, arg := range cl.pos {
		addr, rest, ok := strings.Cut(arg, "=")
		if !ok {
			return usagef("%q: want ADDR=UTIL[@TIME], e.g. 10.1.0.11=0.42", arg)
		}
		a, err := netip.ParseAddr(addr)
		if err != nil {
			return usagef("%q: address %q: not an IP address", arg, addr)
		}
		util, at, _ := strings.Cut(rest, "@")
		u, err := strconv.ParseFloat(util, 64)
		if err != nil {
			return usagef("%q: utilisation %q: not a number (0..1)", arg, util)
		}
		body.Samples = append(body.Samples, apitypes.NFLoadSample{Address: a.String(), CPUUtilization: &u, At: at})
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	_, b, err := c.do(http.MethodPost, "/v1/nf-load", body)
	if err != nil {
		return fmt.Errorf("nf-load: %w", err)
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	var r apitypes.NFLoadResult
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("nf-load: reply: %w", err)
	}
	fmt.Fprintf(e.stdout, "%d samples taken\n", r.Accepted)
	return nil
}
