#pragma once

// The explanation panel as the page tests drive it: shown at a dock's size, a page chosen with
// the keys on its real chooser, and the text as the learner reads it.

#include "panels/explanationpanel.h"
#include "panels/explanationtext.h"

#include <QComboBox>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>

namespace explanationpages {

/// The browser's text with non-breaking spaces as plain spaces.
inline QString shown(const QTextBrowser *browser)
{
    return browser->toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

/// Shows `panel` and presses Down `downPresses` times on its page chooser, from the first page.
/// Returns the chooser, or null when the panel has none.
inline QComboBox *choose(ExplanationPanel &panel, int downPresses)
{
    panel.resize(420, 700);
    panel.show();
    auto *combo = panel.findChild<QComboBox *>(QStringLiteral("pageCombo"));
    if (!combo)
        return nullptr;
    combo->setFocus();
    for (int i = 0; i < downPresses; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
    return combo;
}

/// Scrolls the link to `href` into view and clicks the middle of its text with the mouse.
/// False when the page has no such link or another link lies under that point.
[[nodiscard]] inline bool clickLink(QTextBrowser *browser, const QString &href)
{
    int position = -1;
    for (QTextBlock b = browser->document()->begin(); b.isValid() && position < 0; b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().anchorHref() == href) {
                position = it.fragment().position() + it.fragment().length() / 2;
                break;
            }
    if (position < 0)
        return false;
    QTextCursor cursor(browser->document());
    cursor.setPosition(position);
    browser->setTextCursor(cursor);
    browser->ensureCursorVisible();
    const QPoint at = browser->cursorRect(cursor).center();
    if (browser->anchorAt(at) != href)
        return false;
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, at);
    return true;
}

/// How many rows of the glossary pair `english` with `chinese` (1 when the term is there once).
inline int glossaryRows(const QString &english, const QString &chinese)
{
    int found = 0;
    for (const auto &term : ExplanationText::glossary())
        found += term.english == english && term.chinese == chinese;
    return found;
}

} // namespace explanationpages
