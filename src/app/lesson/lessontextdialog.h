#pragma once

#include "core/lessonfile.h"

#include <QDialog>

#include <optional>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

/// A lesson's text in its two languages, edited side by side: a step's note or the lesson's
/// title, an English and a Chinese field. It refuses (OK disabled, a line saying why) a text
/// longer than the lesson file allows; a note may be left empty in both (the step has none), a
/// title may not.
class LessonTextDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Kind
    {
        Note,
        Title
    };

    LessonTextDialog(Kind kind, const std::optional<attn::LessonText> &text,
                     QWidget *parent = nullptr);

    /// The text as entered; nullopt when both fields are empty.
    std::optional<attn::LessonText> text() const;

    QPlainTextEdit *englishEdit() const { return m_english; }
    QPlainTextEdit *chineseEdit() const { return m_chinese; }

private:
    void check();

    Kind m_kind;
    QPlainTextEdit *m_english;
    QPlainTextEdit *m_chinese;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
