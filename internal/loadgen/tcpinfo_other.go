//go:build !linux

package loadgen

import (
	"net"
	"time"
)

// tcpRTT needs TCP_INFO, which only Linux has here.
func tcpRTT(net.Conn, bool) (time.Duration, bool) { return 0, false }
