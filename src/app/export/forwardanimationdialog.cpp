#include "export/forwardanimationdialog.h"

#include "widgets/workerwait.h"

#include <QFormLayout>
#include <QLabel>
#include <QProgressDialog>
#include <QSpinBox>
#include <QVBoxLayout>

ForwardAnimationDialog::ForwardAnimationDialog(const QString &title, const QString &note,
                                               const QString &settingsGroup,
                                               const QString &fileName, QSize size, QSize least,
                                               Factory factory, QWidget *parent)
    : QDialog(parent), m_title(title), m_factory(std::move(factory))
{
    setObjectName(QStringLiteral("forwardAnimationDialog"));
    setWindowTitle(title);
    m_note = new QLabel(note, this);
    m_note->setObjectName(QStringLiteral("noteLabel"));
    m_note->setWordWrap(true);
    m_rows = new GifOptionsRows(this, {.group = settingsGroup, .fileName = fileName, .fps = 10});
    m_rows->setSize(size, least);

    m_form = new QFormLayout;
    m_rows->addRows(m_form);
    m_fileRow = m_form->rowCount();
    m_rows->addFileRow(m_form);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addLayout(m_form);
    layout->addWidget(m_rows->errorLabel());
    layout->addWidget(m_rows->buttons());
    // Its texts are the caller's, translated once: so are the rows'.
    m_rows->retranslate();
}

ForwardAnimationDialog::~ForwardAnimationDialog() = default;

void ForwardAnimationDialog::insertRow(const QString &label, QWidget *field)
{
    m_form->insertRow(m_fileRow++, label, field);
}

ForwardAnimationDialog::Settings ForwardAnimationDialog::settings() const
{
    Settings s;
    s.size = m_rows->size();
    s.frames = m_rows->framesBox()->value();
    s.gif = m_rows->gif();
    return s;
}

QString ForwardAnimationDialog::filePath() const
{
    return m_rows->filePath();
}

void ForwardAnimationDialog::setFilePath(const QString &path)
{
    m_rows->setFilePath(path, false);
}

void ForwardAnimationDialog::accept()
{
    const QString path = m_rows->fileToWrite(tr("Choose a file to write the animation to."));
    if (path.isEmpty())
        return;

    QProgressDialog progress(tr("Drawing the frames…"), tr("Cancel"), 0, 1, this);
    progress.setObjectName(QStringLiteral("animationProgress"));
    progress.setWindowTitle(m_title);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    progress.setValue(0);
    QString why;
    std::unique_ptr<ForwardAnimation> animation = m_factory(
        settings(), [&progress] { return progress.wasCanceled(); }, &why);
    if (!animation) {
        progress.reset();
        m_rows->errorLabel()->setText(why);
        return;
    }
    progress.setMaximum(animation->total());
    // A band of a frame per slice, quantised and written in a worker; between slices, and every
    // few milliseconds while the worker is behind, the events: the window repaints and Cancel
    // is heard.
    animation->encodeInWorker();
    while (animation->step()) {
        progress.setValue(animation->done());
        WorkerWait::letEventsIn(animation->waiting());
        if (progress.wasCanceled())
            return; // nothing was written; the dialog stays for another try
    }
    if (progress.wasCanceled())
        return;
    progress.setValue(progress.maximum());
    if (!animation->finished()) {
        m_rows->errorLabel()->setText(animation->error());
        return;
    }
    QString error;
    if (!animation->write(path, &error)) {
        m_rows->errorLabel()->setText(error);
        return;
    }
    m_rows->saveSettings();
    QDialog::accept();
}
