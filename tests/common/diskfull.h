#pragma once

// A full disk for this process only, as root too and with nothing to mount: RLIMIT_FSIZE makes
// every write past `bytes` into a regular file fail with EFBIG, exactly where a full disk fails
// with ENOSPC. SIGXFSZ, which would otherwise end the process, is ignored meanwhile. Pipes and
// terminals are not limited, but a test log redirected to a file is: print nothing while it is
// in force.

#include <csignal>
#include <sys/resource.h>

class DiskFull
{
public:
    explicit DiskFull(rlim_t bytes)
    {
        m_saved = getrlimit(RLIMIT_FSIZE, &m_old) == 0;
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit tiny{bytes, m_old.rlim_max};
        m_active = m_saved && setrlimit(RLIMIT_FSIZE, &tiny) == 0;
    }
    ~DiskFull()
    {
        if (m_saved)
            setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_handler);
    }
    DiskFull(const DiskFull &) = delete;
    DiskFull &operator=(const DiskFull &) = delete;

    bool active() const { return m_active; }

private:
    rlimit m_old{};
    void (*m_handler)(int) = SIG_DFL;
    bool m_saved = false;
    bool m_active = false;
};
