#pragma once

// The real events the monkey sends and the widgets it sends them to, shared by every target:
// mouse events with the buttons the monkey holds, keys and shortcuts through QTest (so that the
// window's shortcut map sees them), typing into number boxes and line edits, and a timer that
// answers every modal dialog and closes every popup menu, so that a dialog opened in the middle
// of a drag never waits for a person.

#include <Eigen/Core>
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPointer>
#include <QTest>
#include <QTimer>
#include <QWheelEvent>
#include <QWidget>

#include <cmath>

namespace monkey {

/// What is typed into a box: ordinary numbers, and what a user should not be able to break a
/// model with (huge, tiny, not-a-number, negative zero, out of range, not a number at all).
inline const QStringList &typedTexts()
{
    static const QStringList texts = {
        QStringLiteral("1e308"),     QStringLiteral("-1e308"), QStringLiteral("nan"),
        QStringLiteral("inf"),       QStringLiteral("-0"),     QStringLiteral("1e-320"),
        QStringLiteral("0"),         QStringLiteral("2.5"),    QStringLiteral("-3"),
        QStringLiteral("999999999"), QStringLiteral("0.001"),  QStringLiteral("abc"),
        QStringLiteral(""),          QStringLiteral("1,5"),    QStringLiteral("64"),
        QStringLiteral("-1"),        QStringLiteral("1e5"),    QStringLiteral("0.5")};
    return texts;
}

/// False when a modal dialog that is not `w`'s own window blocks it: a person cannot reach it.
inline bool reachable(const QWidget *w)
{
    if (!w || !w->isVisible() || !w->isEnabled())
        return false;
    const QWidget *modal = QApplication::activeModalWidget();
    return !modal || modal == w->window() || modal->isAncestorOf(w);
}

/// A mouse event sent straight to `w` (the canvas or a plane), with `held` the buttons down
/// after it, as the window system would report them.
inline void mouse(QWidget *w, QEvent::Type type, QPointF pos, Qt::MouseButton button,
                  Qt::MouseButtons held, Qt::KeyboardModifiers modifiers = {})
{
    QMouseEvent e(type, pos, w->mapToGlobal(pos), button, held, modifiers);
    QSpontaneKeyEvent::setSpontaneous(&e);
    QApplication::sendEvent(w, &e);
}

inline void wheel(QWidget *w, QPointF pos, int delta, Qt::KeyboardModifiers modifiers = {})
{
    QWheelEvent e(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, modifiers,
                  Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&e);
    QApplication::sendEvent(w, &e);
}

/// Where keys go: the focus widget when it is inside `window`, else the window itself.
inline QWidget *keyTarget(QWidget *window)
{
    QWidget *focus = QApplication::focusWidget();
    return focus && (focus == window || window->isAncestorOf(focus)) ? focus : window;
}

/// Widgets of type T inside `root`'s own window (not other top-level windows), visible, enabled
/// and not blocked by a modal dialog.
template <class T> QList<T *> reachableChildren(QWidget *root)
{
    QList<T *> out;
    for (T *w : root->findChildren<T *>())
        if (w->window() == root->window() && reachable(w))
            out << w;
    return out;
}

/// The boxes a number or a text is typed into: spin boxes, and line edits that are not a spin
/// box's own editor.
inline QList<QWidget *> typingBoxes(QWidget *root)
{
    QList<QWidget *> out;
    for (QAbstractSpinBox *box : reachableChildren<QAbstractSpinBox>(root))
        if (!box->isReadOnly())
            out << box;
    for (QLineEdit *edit : reachableChildren<QLineEdit>(root))
        if (!edit->isReadOnly() && !qobject_cast<QAbstractSpinBox *>(edit->parentWidget()) &&
            !qobject_cast<QComboBox *>(edit->parentWidget()))
            out << edit;
    return out;
}

/// Types `text` into `box` as a person does: click into it, select all, type, then (by `how`)
/// Enter, Tab away, or nothing.
inline void typeInto(QWidget *box, const QString &text, std::uint64_t how)
{
    box->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(box, Qt::Key_Delete);
    // QTest::keyClicks() takes Latin-1 only; other characters (Chinese) go as key events that
    // carry their text, as an input method delivers them.
    for (const QChar c : text) {
        if (!reachable(box))
            return;
        if (c.unicode() < 128)
            QTest::keyClick(box, c.toLatin1());
        else
            QTest::sendKeyEvent(QTest::Click, box, Qt::Key_unknown, QString(c), Qt::NoModifier);
    }
    if (!reachable(box))
        return;
    switch (how % 3) {
    case 0:
        QTest::keyClick(box, Qt::Key_Return);
        break;
    case 1:
        QTest::keyClick(box, Qt::Key_Tab);
        break;
    default:
        break;
    }
}

/// A number as the panels print it ("0.125", "−1.5", "1.8 × 10⁻⁸") read back.
inline double parseShown(QString text, bool *ok)
{
    text.replace(QChar(0x2212), QLatin1Char('-'));
    const qsizetype times = text.indexOf(QChar(0x00D7));
    if (times < 0)
        return text.trimmed().toDouble(ok);
    const double mantissa = text.left(times).trimmed().toDouble(ok);
    QString exponent = text.mid(times + 1).trimmed();
    if (!*ok || !exponent.startsWith(QLatin1String("10")))
        return *ok = false, 0.0;
    exponent = exponent.mid(2);
    static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString plain;
    for (const QChar c : exponent) {
        if (c == QChar(0x207B))
            plain += QLatin1Char('-');
        else if (superscripts.contains(c))
            plain += QChar(char16_t(u'0' + superscripts.indexOf(c)));
        else
            return *ok = false, 0.0;
    }
    const int e = plain.toInt(ok);
    return *ok ? mantissa * std::pow(10.0, e) : 0.0;
}

template <class Derived> bool allFinite(const Eigen::DenseBase<Derived> &m)
{
    return m.derived().array().isFinite().all();
}

/// Answers every modal dialog and closes every popup menu shortly after it opens, from a timer
/// that also runs inside the dialog's own event loop. File dialogs are always cancelled (the
/// monkey writes no files); message boxes get one of their buttons; other dialogs are accepted
/// or rejected. Which one follows a counter set from the event's `variant`, so that a replay
/// answers alike.
class ModalAnswerer
{
public:
    ModalAnswerer()
    {
        m_timer.setInterval(15);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { answer(); });
        m_timer.start();
    }
    void setChoice(std::uint64_t choice) { m_choice = choice; }
    int answered() const { return m_answered; }

    /// Answers now what is open now (also called by the targets after an event).
    void answer()
    {
        if (QWidget *popup = QApplication::activePopupWidget()) {
            popup->close();
            ++m_answered;
        }
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        ++m_answered;
        const std::uint64_t choice = m_choice++;
        if (auto *files = qobject_cast<QFileDialog *>(modal)) {
            files->reject();
        } else if (auto *box = qobject_cast<QMessageBox *>(modal)) {
            const QList<QAbstractButton *> buttons = box->buttons();
            if (buttons.isEmpty())
                box->reject();
            else
                buttons.at(int(choice % buttons.size()))->click();
        } else if (auto *dialog = qobject_cast<QDialog *>(modal)) {
            // Accepting a dialog that writes files (the picture export, the lab's animation) is
            // left out: its Cancel is the answer there.
            const bool writes =
                dialog->inherits("ExportDialog") || dialog->inherits("ForwardAnimationDialog");
            if (choice % 2 == 0 && !writes)
                dialog->accept();
            else
                dialog->reject();
        } else {
            modal->close();
        }
    }

private:
    QTimer m_timer;
    std::uint64_t m_choice = 0;
    int m_answered = 0;
};

} // namespace monkey
