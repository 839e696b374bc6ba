package agent

import (
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/health"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// target is the (service, real) a health check is about, as the reports name it.
type target struct {
	service *fwdpb.ServiceId
	address string
	port    uint32
}

// checkSpecs turns the desired state's checks into health specs by check key, with the
// target of each. Kind "none" or "" means no check. The port checked is check_port, else
// the real's port, else (a real that keeps the client's port) the service's port.
func checkSpecs(ds *ctlpb.DesiredState) (map[string]health.Spec, map[string]target) {
	vport := map[string]uint32{}
	for _, vs := range ds.GetServices() {
		vport[svcKey(vs.GetId())] = vs.GetId().GetVport()
	}
	specs := map[string]health.Spec{}
	targets := map[string]target{}
	for _, c := range ds.GetChecks() {
		if c.GetKind() == "" || c.GetKind() == "none" {
			continue
		}
		port := c.GetCheckPort()
		if port == 0 {
			port = c.GetPort()
		}
		if port == 0 {
			port = vport[svcKey(c.GetService())]
		}
		key := checkKey(c.GetService(), c.GetAddress(), c.GetPort())
		specs[key] = health.Spec{
			Kind:     c.GetKind(),
			Address:  canonIP(c.GetAddress()),
			Port:     uint16(min(port, 65535)),
			HTTPPath: c.GetHttpPath(),
			Send:     string(c.GetSend()),
			Expect:   string(c.GetExpect()),
			Interval: time.Duration(c.GetIntervalMs()) * time.Millisecond,
			Timeout:  time.Duration(c.GetTimeoutMs()) * time.Millisecond,
			Rise:     int(c.GetRise()),
			Fall:     int(c.GetFall()),
		}
		targets[key] = target{service: c.GetService(), address: c.GetAddress(), port: c.GetPort()}
	}
	return specs, targets
}

// effective is the desired services with each real's health as the forwarder should run
// it: the desired health AND the local checks' verdict, as down says it (a real with no
// check keeps the desired health).
func effective(ds *ctlpb.DesiredState, down func(key string) bool) []*fwdpb.VirtualService {
	out := make([]*fwdpb.VirtualService, 0, len(ds.GetServices()))
	for _, vs := range ds.GetServices() {
		vs = proto.Clone(vs).(*fwdpb.VirtualService)
		for _, rs := range vs.RealServices {
			h := uint32(0)
			if rs.GetHealth() != 0 && !down(checkKey(vs.GetId(), rs.GetAddress(), rs.GetPort())) {
				h = 1
			}
			rs.Health = h
		}
		out = append(out, vs)
	}
	return out
}
