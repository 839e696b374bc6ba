package apitypes

// ConnPage is GET /v1/conns: one page of the pool's connections, asked of each forwarder
// live (its agent puts ListConnections to it), forwarder after forwarder in ID order.
type ConnPage struct {
	Connections []Connection `json:"connections"`
	// NextCursor continues the listing (the cursor query parameter); "" at the end.
	NextCursor string `json:"next_cursor"`
	// Errors: the forwarders that could not be asked, skipped.
	Errors []ForwarderError `json:"errors"`
}

// ForwarderError is a forwarder a pool-wide question could not reach, and why.
type ForwarderError struct {
	Forwarder string `json:"forwarder"`
	Error     string `json:"error"`
}

// FlowTraces is GET /v1/trace: what each forwarder does with one flow.
type FlowTraces struct {
	Protocol   string           `json:"protocol"`
	Client     string           `json:"client"`
	VIP        string           `json:"vip"`
	Forwarders []FlowTrace      `json:"forwarders"`
	Errors     []ForwarderError `json:"errors"`
}

// FlowTrace is one forwarder's answer to TraceFlow (proto/fwd.proto FlowTrace): the
// connection its workers hold for the flow, and what a new one would get, as the
// forwarder's own code decides it.
type FlowTrace struct {
	Forwarder     string       `json:"forwarder"`
	Verdict       string       `json:"verdict"` // existing, new or drop
	Reason        string       `json:"reason"`
	OwnerWorker   uint32       `json:"owner_worker"`
	DefaultWorker uint32       `json:"default_worker"`
	Connections   []Connection `json:"connections"`
	Service       string       `json:"service"` // its ID; "" when none matches
	Mode          string       `json:"mode"`
	Scheduler     string       `json:"scheduler"`
	FlowHash      uint32       `json:"flow_hash"`
	TableSlot     int32        `json:"table_slot"` // maglev, sh: the slot; else -1
	TableSize     uint32       `json:"table_size"`
	Pick          string       `json:"pick"` // the real a new connection would go to now
	UsableReals   uint32       `json:"usable_reals"`
	Reals         []TraceReal  `json:"reals"`
	ConnRateLimit uint32       `json:"conn_rate_limit"`
	Synproxy      string       `json:"synproxy"`
	SyncState     string       `json:"sync_state"`
}

// TraceReal is a real of the traced flow's service at one forwarder.
type TraceReal struct {
	Address     string `json:"address"`
	Port        uint32 `json:"port"`
	Weight      uint32 `json:"weight"`
	Health      uint32 `json:"health"`
	ConnLimit   uint32 `json:"conn_limit"`
	ActiveConns uint64 `json:"active_conns"`
	Usable      bool   `json:"usable"`
}
