// Package apitypes is the controller's REST API on the wire (docs/api.md,
// internal/api/openapi.json): the JSON bodies of its requests and replies, named after
// their OpenAPI schemas. The server (internal/api) decodes and encodes these, and hvlbctl
// (internal/cli) sends and reads the same ones, so a field is declared once for both.
//
// The package holds types and their small helpers only, and imports nothing of the
// controller but internal/model, so a client links no server code. The objects the store
// keeps (services, reals, load-balancing requests) are on the wire as model declares them,
// with the rules that make one valid; the aliases below name them here.
package apitypes

import (
	"time"

	"hvlb/internal/model"
)

// The store's objects, as they are on the wire.
type (
	Service     = model.Service
	Real        = model.Real
	HealthCheck = model.HealthCheck
	Timeouts    = model.Timeouts
	Policy      = model.Policy
	LBSpec      = model.LBSpec
	Change      = model.Change
)

// Error is the body of every 4xx and 5xx reply.
type Error struct {
	Error string `json:"error"`
	// Field is the JSON path of the request's field at fault ("reals[1].port"), when one is.
	Field string `json:"field,omitempty"`
}

// Version is GET /v1/version: the configuration's version.
type Version struct {
	Version uint64 `json:"version"`
}

// Forwarder is a forwarder as GET /v1/forwarders shows it: its registration and how it
// stands now.
type Forwarder struct {
	model.Forwarder
	State          string     `json:"state"`
	AppliedVersion uint64     `json:"applied_version"`
	DesiredVersion uint64     `json:"desired_version"`
	LastReport     *time.Time `json:"last_report"`
	Connected      bool       `json:"connected"`
	// In a controller group, the controller (its --name) the agent reports to.
	Controller string `json:"controller,omitempty"`
	Error      string `json:"error,omitempty"`
	Load       Load   `json:"load"`
	// The agent's BGP sessions with the upstream routers (empty: it runs no speaker), and
	// the VIP prefixes it announces now (empty while it withdraws them).
	BGP       []BGPPeer `json:"bgp"`
	Announced []string  `json:"announced"`
}

// BGPPeer is one BGP session of a forwarder's agent, from its latest report.
type BGPPeer struct {
	Address           string  `json:"address"`
	Port              uint32  `json:"port"`
	RemoteAS          uint32  `json:"remote_as"`
	State             string  `json:"state"` // idle, connect, active, opensent, openconfirm, established
	UptimeS           float64 `json:"uptime_s"`
	PrefixesAnnounced uint64  `json:"prefixes_announced"`
	PrefixesAccepted  uint64  `json:"prefixes_accepted"`
	// Times the session left established; NOTIFICATIONs the agent sent (errors it found
	// with the router) and received.
	Flaps                 uint64 `json:"flaps"`
	NotificationsSent     uint64 `json:"notifications_sent"`
	NotificationsReceived uint64 `json:"notifications_received"`
	// The BFD session with the router: "" when off, else down, init, up, admindown; and the
	// times it left up.
	BFD      string `json:"bfd"`
	BFDDowns uint64 `json:"bfd_downs"`
}

// Load is a forwarder's load from its latest reports.
type Load struct {
	PPS         float64  `json:"pps"`
	CapacityPPS uint64   `json:"capacity_pps"`
	HeadroomPPS *float64 `json:"headroom_pps"` // null: capacity unknown
	ActiveConns uint64   `json:"active_conns"`
	// Utilisation is what the pool automation weighs (docs/controller.md, "The pool"): the
	// larger of PPS over CapacityPPS and the workers' mean busy share; null before a report.
	Utilisation *float64 `json:"utilisation"`
}
