package cli

import (
	"bytes"
	"testing"

	"hvlb/internal/apitypes"
)

// TestConnTableMarks: conns's table marks a synced copy after its forwarder and a SYN proxy's
// connection after its state, each mark explained under the table, only when one is listed.
func TestConnTableMarks(t *testing.T) {
	conn := func(fwd, state, sp string, synced bool) apitypes.Connection {
		return apitypes.Connection{Forwarder: fwd, Protocol: "tcp", Client: "10.0.0.2:40000", VIP: "10.100.0.8:80",
			Real: "10.1.0.11:80", State: state, AgeS: 3, SynProxy: sp, Synced: synced}
	}
	const head = "FORWARDER  W  PROTO  CLIENT          VIP            REAL          STATE         AGE  EXPIRES  PKTS IN/OUT  BYTES IN/OUT\n"
	tests := []struct {
		name  string
		conns []apitypes.Connection
		want  string
	}{
		{"no marks", []apitypes.Connection{conn("fwd-a", "established", "", false)},
			"FORWARDER  W  PROTO  CLIENT          VIP            REAL          STATE        AGE  EXPIRES  PKTS IN/OUT  BYTES IN/OUT\n" +
				"fwd-a      0  tcp    10.0.0.2:40000  10.100.0.8:80  10.1.0.11:80  established   3s       0s          0/0       0 B/0 B\n"},
		{"waiting and translated, one synced", []apitypes.Connection{conn("fwd-a", "syn_sent", "waiting", false),
			conn("fwd-b", "established", "translated", true)},
			head +
				"fwd-a      0  tcp    10.0.0.2:40000  10.100.0.8:80  10.1.0.11:80  syn_sent~      3s       0s          0/0       0 B/0 B\n" +
				"fwd-b*     0  tcp    10.0.0.2:40000  10.100.0.8:80  10.1.0.11:80  established+   3s       0s          0/0       0 B/0 B\n" +
				"* its latest state came from a sync peer; PKTS count what this forwarder carried\n" +
				"~ SYN proxy: the NF has not answered the proxy's SYN yet (synproxy waiting)\n" +
				"+ SYN proxy: sequence numbers translated between client and NF (synproxy translated)\n"},
		{"translated only; a value from a newer server", []apitypes.Connection{conn("fwd-a", "established", "translated", false),
			conn("fwd-a", "established", "someday", false)},
			head +
				"fwd-a      0  tcp    10.0.0.2:40000  10.100.0.8:80  10.1.0.11:80  established+   3s       0s          0/0       0 B/0 B\n" +
				"fwd-a      0  tcp    10.0.0.2:40000  10.100.0.8:80  10.1.0.11:80  established?   3s       0s          0/0       0 B/0 B\n" +
				"+ SYN proxy: sequence numbers translated between client and NF (synproxy translated)\n" +
				"? SYN proxy: a synproxy value this hvlbctl does not know (-o json has it)\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		connTable(&b, tt.conns)
		if b.String() != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, b.String(), tt.want)
		}
	}
}
