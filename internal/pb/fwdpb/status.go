package fwdpb

// Written by hand (not by protoc-gen-go): joining the counters of ServiceList and Stats
// (service_status) to the specs beside them (services).

import (
	"net"
	"strconv"
)

// ServiceKey names a service by its id as the forwarder writes it: "protocol/vip/vport".
// The forwarder writes the same text in a spec and in its status, so the key joins them.
func ServiceKey(id *ServiceId) string {
	return id.GetProtocol() + "/" + id.GetVip() + "/" + strconv.FormatUint(uint64(id.GetVport()), 10)
}

// RealKey names a real of a service by address and port as the forwarder writes them.
func RealKey(address string, port uint32) string {
	return net.JoinHostPort(address, strconv.FormatUint(uint64(port), 10))
}

// StatusByService indexes the counters of services by ServiceKey of their id.
func StatusByService(st []*ServiceStatus) map[string]*ServiceStatus {
	m := make(map[string]*ServiceStatus, len(st))
	for _, s := range st {
		m[ServiceKey(s.GetId())] = s
	}
	return m
}

// RealsByKey indexes the counters of a service's reals by RealKey; empty for a nil status.
func (s *ServiceStatus) RealsByKey() map[string]*RealStatus {
	m := make(map[string]*RealStatus, len(s.GetReals()))
	for _, r := range s.GetReals() {
		m[RealKey(r.GetAddress(), r.GetPort())] = r
	}
	return m
}
