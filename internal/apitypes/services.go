package apitypes

import "time"

// ServiceInput is the body of POST /v1/services and of PUT /v1/services/{id} (the
// ServiceUpdate schema). Read-only fields are accepted, so that a GET reply can be sent
// back, and ignored except as PUT's checks say. Optional fields are pointers or empty,
// and a client leaves out what it does not set.
type ServiceInput struct {
	ID       *string `json:"id,omitempty"`
	Protocol string  `json:"protocol,omitempty"`
	VIP      string  `json:"vip,omitempty"`
	Port     *int    `json:"port,omitempty"` // required by POST (0: every port)
	Mode     string  `json:"mode,omitempty"`
	// Tunnel mode's encapsulation, ipip or gue: required with mode tunnel, refused with any
	// other. PUT replaces it with the mode.
	Encap       string       `json:"encap,omitempty"`
	Scheduler   string       `json:"scheduler,omitempty"`
	DownConns   string       `json:"down_conns,omitempty"` // POST: empty is the protocol's default; PUT: keeps
	AllDown     string       `json:"all_down,omitempty"`   // POST: empty is drop; PUT: keeps
	Forwarders  []string     `json:"forwarders"`           // empty: every forwarder
	HealthCheck *HealthCheck `json:"health_check,omitempty"`
	Policy      *PolicyInput `json:"policy,omitempty"` // PUT: absent keeps the policy
	// The plain settings (model.ServiceSettings; settings_input.go is generated from it).
	SettingsInput
	// The service's own connection timeouts in seconds, 0 each for the forwarders' global
	// value. POST: absent is none; PUT: absent keeps them, {} clears them.
	Timeouts *Timeouts `json:"timeouts,omitempty"`
	// Read-only (POST .../zero sets it): accepted so that a GET reply can be sent back.
	CountersZeroedAt *time.Time `json:"counters_zeroed_at,omitempty"`
	// The SYN proxy: off, on or auto (nat tcp only). POST: empty is off; PUT: empty keeps it.
	Synproxy string `json:"synproxy,omitempty"`
	// Embryonic connections per forwarder worker above which auto turns the proxy on (0: the
	// forwarder's default). POST: absent is 0; PUT: absent keeps it.
	SynproxyThreshold *int `json:"synproxy_threshold,omitempty"`
	// A vxlan service's VNI, 1..16777215 (docs/mode-vxlan.md): part of the id, so POST only
	// (PUT: absent or the same).
	VNI *int `json:"vni,omitempty"`
	// The RSS-A class of its connections, 0..7. POST: absent is 0; PUT: absent keeps it.
	Priority *int `json:"priority,omitempty"`
	// FullNAT tcp: on gives the NFs the client's address in the SYN (TOA). POST: empty is
	// off; PUT: empty keeps it.
	ClientAddr string `json:"client_addr,omitempty"`
	// What a new flow's real is chosen by: 5tuple or sip_call_id (nat udp, maglev or sh;
	// docs/scheduling.md). POST: empty is 5tuple; PUT: empty keeps it.
	Hash    string      `json:"hash,omitempty"`
	Reals   []RealInput `json:"reals,omitempty"`
	Version *uint64     `json:"version,omitempty"`
}

// RealInput is a real in a ServiceInput, and the body of POST /v1/services/{id}/reals.
// An absent port is the service's, an absent weight model.DefaultWeight.
type RealInput struct {
	Address        string  `json:"address"`
	Port           *int    `json:"port,omitempty"`
	Weight         *int    `json:"weight,omitempty"`
	HealthOverride string  `json:"health_override,omitempty"`
	Drain          bool    `json:"drain,omitempty"`
	Health         *string `json:"health,omitempty"`        // read-only
	HealthReason   *string `json:"health_reason,omitempty"` // read-only
	MetricsURL     string  `json:"metrics_url,omitempty"`
	CapacityMbps   float64 `json:"capacity_mbps,omitempty"`
	ConnLimit      *int    `json:"conn_limit,omitempty"` // per forwarder; absent: 0, no limit
	Version        *uint64 `json:"version,omitempty"`    // read-only
}

// RealPatch is the body of PATCH /v1/services/{id}/reals/{real}: the fields given change,
// the others stay.
type RealPatch struct {
	Weight         *int     `json:"weight,omitempty"`
	HealthOverride *string  `json:"health_override,omitempty"` // "": follow the checks
	Drain          *bool    `json:"drain,omitempty"`
	MetricsURL     *string  `json:"metrics_url,omitempty"`
	CapacityMbps   *float64 `json:"capacity_mbps,omitempty"`
	ConnLimit      *int     `json:"conn_limit,omitempty"` // 0: no limit
}

// Zeroed is the reply of POST /v1/services/{id}/zero and POST /v1/zero: the services whose
// counters were zeroed (each one's counters_zeroed_at says when).
type Zeroed struct {
	Services []string `json:"services"`
}
