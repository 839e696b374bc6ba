package loadgen

import (
	"net"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// tcpRTT reads the kernel's RTT estimate of a TCP connection: the receiver's estimate
// (tcpi_rcv_rtt) on a connection that mostly receives, since its sender-side RTT is only
// refreshed by the data it sends; the smoothed RTT (tcpi_rtt) otherwise.
func tcpRTT(c net.Conn, receiving bool) (time.Duration, bool) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return 0, false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return 0, false
	}
	var (
		info *unix.TCPInfo
		gerr error
	)
	if err := raw.Control(func(fd uintptr) {
		info, gerr = unix.GetsockoptTCPInfo(int(fd), unix.IPPROTO_TCP, unix.TCP_INFO)
	}); err != nil || gerr != nil {
		return 0, false
	}
	us := info.Rtt
	if receiving && info.Rcv_rtt > 0 {
		us = info.Rcv_rtt
	}
	if us == 0 {
		return 0, false
	}
	return time.Duration(us) * time.Microsecond, true
}
