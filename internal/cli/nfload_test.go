package cli

import (
	"strings"
	"testing"
)

// TestNFLoadCommand: nf-load sends one push with every sample, reports how many were taken,
// passes the server's field error on, and refuses malformed arguments without a request.
func TestNFLoadCommand(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}

	code, out, errOut := run(env, "nf-load", "10.1.0.11=0.42", "fd00:0::11=0.9@2026-01-02T15:04:05Z")
	if code != 0 || out != "2 samples taken\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	reqs := f.takeReqs()
	want := `{"samples":[{"address":"10.1.0.11","cpu_utilization":0.42},` +
		`{"address":"fd00::11","cpu_utilization":0.9,"at":"2026-01-02T15:04:05Z"}]}`
	if len(reqs) != 1 || reqs[0].Method != "POST" || reqs[0].Path != "/v1/nf-load" || strings.TrimSpace(reqs[0].Body) != want {
		t.Fatalf("requests %+v, want one POST /v1/nf-load with %s", reqs, want)
	}

	code, _, errOut = run(env, "nf-load", "10.7.7.7=0.1")
	if code != 1 || !strings.Contains(errOut, "samples[0].address: 10.7.7.7 is not a real of any service") {
		t.Fatalf("server error: exit %d, stderr %q", code, errOut)
	}
	f.takeReqs()

	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{"nf-load"}, "missing argument"},
		{[]string{"nf-load", "10.1.0.11"}, `"10.1.0.11": want ADDR=UTIL[@TIME]`},
		{[]string{"nf-load", "nf1=0.5"}, `address "nf1": not an IP address`},
		{[]string{"nf-load", "10.1.0.11=high"}, `utilisation "high": not a number`},
	} {
		code, _, errOut := run(env, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.wantErr) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.wantErr)
		}
	}
	if reqs := f.takeReqs(); len(reqs) != 0 {
		t.Errorf("malformed arguments sent %+v", reqs)
	}
}
