package cli

import (
	"strings"
	"testing"
)

// The operator's "who leads the controllers?" and "which lb-request is pending?"
// (docs/operations.md) answered by hvlbctl: controllers and lb-request list.
func TestGroupCommands(t *testing.T) {
	_, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	for _, tc := range []struct {
		args         []string
		want, notOut []string
	}{
		{[]string{"controllers"}, []string{"leader: https://ctl-a:8443\nthis controller: https://ctl-b:8443 (follower)",
			"https://ctl-a:8443             leader    campaigning  fwd-a,fwd-b",
			"https://ctl-b:8443 (this one)  follower  campaigning  fwd-c"}, nil},
		{[]string{"controllers", "-o", "json"}, []string{`"leader": "https://ctl-a:8443"`}, nil},
		// Newest first; the pending one has no service or forwarder yet.
		{[]string{"lb-request", "list"}, []string{"ID    STATE     VIP                     NFS  SERVICE            FORWARDER  AGE  ERROR",
			"lb-2  pending   udp [fd00:200::1]:5060    3  -                  -          30s  -",
			"lb-1  accepted  tcp 10.200.0.1:80         2  tcp-10.200.0.1-80  fwd-a      1m   -"}, nil},
		{[]string{"lb-request", "list", "--state", "pending"}, []string{"lb-2  pending"}, []string{"lb-1"}},
		{[]string{"lb-request", "list", "--state", "pending", "-o", "json"}, []string{`"id": "lb-2"`}, []string{"lb-1"}},
	} {
		code, out, errOut := run(env, tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out)
			}
		}
		for _, n := range tc.notOut {
			if strings.Contains(out, n) {
				t.Errorf("%v: output has %q:\n%s", tc.args, n, out)
			}
		}
	}
}
