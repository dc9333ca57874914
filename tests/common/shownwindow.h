#pragma once

// A window shown as a user sees it: at the classroom size (1280 × 800 unless told otherwise) and
// waited for until the (offscreen) platform has exposed it, or made it active.

#include <QSize>
#include <QTest>
#include <QWidget>

namespace shownwindow {

enum class Wait
{
    Exposed,
    Active
};

/// Resizes and shows `window`; false when it is not exposed (or active) in time.
inline bool show(QWidget &window, Wait wait = Wait::Exposed, QSize size = QSize(1280, 800))
{
    window.resize(size);
    window.show();
    return wait == Wait::Active ? QTest::qWaitForWindowActive(&window)
                                : QTest::qWaitForWindowExposed(&window);
}

} // namespace shownwindow
