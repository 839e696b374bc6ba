package agent

import (
	"testing"

	"hvlb/internal/pb/fwdpb"
)

// A health check's log lines name its service by the id the controller and the forwarder
// log it by (docs/operations.md, Logs), not by the agent's own key.
func TestCheckAttrsServiceID(t *testing.T) {
	for _, tc := range []struct {
		id   *fwdpb.ServiceId
		want string
	}{
		{&fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}, "tcp-10.100.0.1-80"},
		{&fwdpb.ServiceId{Protocol: "udp", Vip: "10.0.0.1", Vport: 53, Vni: 100}, "udp-10.0.0.1-53-vni100"},
		{&fwdpb.ServiceId{Protocol: "tcp", Vip: "fd00:100::1", Vport: 0}, "tcp-fd00:100::1-0"},
	} {
		attrs := checkAttrs(checkKey(tc.id, "10.1.0.11", 80), "up", true)
		if attrs[1] != tc.want || attrs[3] != "10.1.0.11:80" || len(attrs) != 6 {
			t.Errorf("%v: %v, want service %q", tc.id, attrs, tc.want)
		}
	}
}
