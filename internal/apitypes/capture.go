package apitypes

// CaptureRequest is POST /v1/capture's body: a bounded capture of one flow's packets (client
// and/or VIP, optionally the protocol) or of the packets dropped under one reason, taken
// by the forwarders' workers as they handle them (docs/operations.md, "Capturing packets").
// Zero limits take the defaults.
type CaptureRequest struct {
	Protocol   string `json:"protocol,omitempty"`    // tcp, udp, sctp; "" any
	Client     string `json:"client,omitempty"`      // ADDR or ADDR:PORT
	VIP        string `json:"vip,omitempty"`         // ADDR or ADDR:PORT
	DropReason string `json:"drop_reason,omitempty"` // a drop reason (docs/drops.md), alone
	Forwarder  string `json:"forwarder,omitempty"`   // only this forwarder; "" every one
	MaxPackets uint32 `json:"max_packets,omitempty"` // in all; 0: 1000
	DurationS  uint32 `json:"duration_s,omitempty"`  // 0: 10
	SnapLen    uint32 `json:"snap_len,omitempty"`    // bytes kept of each packet; 0: 256
	RatePPS    uint32 `json:"rate_pps,omitempty"`    // per forwarder; 0: 1000
}

// CaptureResult is POST /v1/capture's answer once the capture has stopped: the packets of
// every forwarder in time order, and each forwarder's counts.
type CaptureResult struct {
	Filter     string             `json:"filter"`
	SnapLen    uint32             `json:"snap_len"`
	Packets    []CapturedPacket   `json:"packets"`
	Forwarders []CaptureForwarder `json:"forwarders"`
	Errors     []ForwarderError   `json:"errors"`
	// SkippedPool: packets the forwarders took past max_packets of the whole pool.
	SkippedPool uint64 `json:"skipped_pool"`
}

// CapturedPacket is one packet as a worker took it: at rx (as received), tx (as sent, after
// the rewrite) or drop (with the reason).
type CapturedPacket struct {
	Forwarder  string `json:"forwarder"`
	Worker     uint32 `json:"worker"`
	Point      string `json:"point"`
	DropReason string `json:"drop_reason,omitempty"`
	TimeNS     uint64 `json:"time_ns"`  // Unix time
	OrigLen    uint32 `json:"orig_len"` // the packet's length; data is its first snap_len bytes
	Data       []byte `json:"data"`     // base64, from the Ethernet header
}

// CaptureForwarder is one forwarder's side of a capture.
type CaptureForwarder struct {
	Forwarder     string `json:"forwarder"`
	Stopped       string `json:"stopped"` // packets, time or stopped
	Taken         uint64 `json:"taken"`
	SkippedRate   uint64 `json:"skipped_rate"`
	SkippedFull   uint64 `json:"skipped_full"`
	SkippedBudget uint64 `json:"skipped_budget"`
}
