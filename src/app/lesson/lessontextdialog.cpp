#include "lesson/lessontextdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
QString fromStd(const std::string &s)
{
    return QString::fromStdString(s);
}
} // namespace

LessonTextDialog::LessonTextDialog(Kind kind, const std::optional<attn::LessonText> &text,
                                   QWidget *parent)
    : QDialog(parent), m_kind(kind), m_english(new QPlainTextEdit(this)),
      m_chinese(new QPlainTextEdit(this)), m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("lessonTextDialog"));
    const bool note = kind == Kind::Note;
    setWindowTitle(note ? tr("Step Note") : tr("Lesson Title"));
    m_english->setObjectName(QStringLiteral("englishText"));
    m_chinese->setObjectName(QStringLiteral("chineseText"));
    // Tab moves on to the next field: a note is prose, its line breaks are typed with Enter.
    m_english->setTabChangesFocus(true);
    m_chinese->setTabChangesFocus(true);
    if (text) {
        m_english->setPlainText(fromStd(text->en));
        m_chinese->setPlainText(fromStd(text->zhCN));
    }
    if (!note) {
        const int line = fontMetrics().lineSpacing() * 2 + 12;
        m_english->setFixedHeight(line);
        m_chinese->setFixedHeight(line);
    }
    m_english->setAccessibleName(tr("English"));
    m_chinese->setAccessibleName(tr("Chinese"));

    auto *intro = new QLabel(note ? tr("What the caption under the canvas says at this step. "
                                       "Leave a language empty and the other one shows in "
                                       "both; leave both empty for no note.")
                                  : tr("The lesson's title, as Help › Lessons and the lesson "
                                       "bar show it. Leave a language empty and the other one "
                                       "shows in both."),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&English:"), m_english);
    form->addRow(tr("&Chinese (中文):"), m_chinese);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_english, &QPlainTextEdit::textChanged, this, &LessonTextDialog::check);
    connect(m_chinese, &QPlainTextEdit::textChanged, this, &LessonTextDialog::check);
    resize(note ? QSize(560, 400) : QSize(520, 240));
    check();
}

std::optional<attn::LessonText> LessonTextDialog::text() const
{
    attn::LessonText t;
    t.en = m_english->toPlainText().trimmed().toStdString();
    t.zhCN = m_chinese->toPlainText().trimmed().toStdString();
    if (t.empty())
        return std::nullopt;
    return t;
}

void LessonTextDialog::check()
{
    const int limit = m_kind == Kind::Note ? attn::kMaxLessonNoteBytes : attn::kMaxLessonTitleBytes;
    const auto t = text();
    QString problem;
    if (!t && m_kind == Kind::Title)
        problem = tr("A lesson needs a title in at least one language.");
    else if (t && (t->en.size() > std::size_t(limit) || t->zhCN.size() > std::size_t(limit)))
        problem = tr("Too long: at most %1 bytes in each language (a Chinese character takes "
                     "three).")
                      .arg(limit);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}
