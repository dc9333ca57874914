#include "export/forwardanimationdialog.h"

#include "model/commandline.h"
#include "widgets/workerwait.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace {
QSpinBox *spin(QWidget *parent, const char *name, int least, int most, int value)
{
    auto *s = new QSpinBox(parent);
    s->setObjectName(QLatin1String(name));
    s->setRange(least, most);
    s->setValue(std::clamp(value, least, most));
    return s;
}
} // namespace

ForwardAnimationDialog::ForwardAnimationDialog(const QString &title, const QString &note,
                                               const QString &settingsGroup,
                                               const QString &fileName, QSize size, QSize least,
                                               Factory factory, QWidget *parent)
    : QDialog(parent), m_title(title), m_group(settingsGroup), m_factory(std::move(factory))
{
    setObjectName(QStringLiteral("forwardAnimationDialog"));
    setWindowTitle(title);
    const QSettings settings;
    m_note = new QLabel(note, this);
    m_note->setObjectName(QStringLiteral("noteLabel"));
    m_note->setWordWrap(true);
    m_width = spin(this, "widthSpin", std::max(CommandLine::kMinExportSize, least.width()),
                   CommandLine::kMaxExportSize, size.width());
    m_height = spin(this, "heightSpin", std::max(CommandLine::kMinExportSize, least.height()),
                    CommandLine::kMaxExportSize, size.height());
    m_fps = spin(this, "fpsSpin", CommandLine::kMinFps, CommandLine::kMaxFps,
                 settings.value(key("fps"), 10).toInt());
    m_fps->setSuffix(tr(" per second"));
    m_frames = spin(this, "framesSpin", CommandLine::kMinFrames, CommandLine::kMaxFrames,
                    settings.value(key("frames"), 48).toInt());
    m_loop =
        spin(this, "loopSpin", 0, CommandLine::kMaxLoop, settings.value(key("loop"), 0).toInt());
    m_loop->setSpecialValueText(tr("Forever"));
    m_loop->setToolTip(tr("How many times players repeat the animation; Forever (0) repeats "
                          "without end."));
    m_durationLabel = new QLabel(this);
    m_durationLabel->setObjectName(QStringLiteral("durationLabel"));
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020")); // as the Export dialog's
    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("fileEdit"));
    m_file->setMinimumWidth(320);
    m_browse = new QPushButton(tr("&Browse…"), this);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);

    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch();
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_browse);
    m_form = new QFormLayout;
    m_form->addRow(tr("Size in pixels:"), sizeRow);
    m_form->addRow(tr("Frame rate:"), m_fps);
    m_form->addRow(tr("Frames:"), m_frames);
    m_form->addRow(tr("Loop count:"), m_loop);
    m_form->addRow(tr("Duration:"), m_durationLabel);
    m_fileRow = m_form->rowCount();
    m_form->addRow(tr("File:"), fileRow);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addLayout(m_form);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);

    QString folder = settings.value(key("folder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    m_file->setText(QDir(folder).filePath(fileName));

    refresh();
    for (QSpinBox *s : {m_fps, m_frames})
        connect(s, &QSpinBox::valueChanged, this, &ForwardAnimationDialog::refresh);
    connect(m_browse, &QPushButton::clicked, this, &ForwardAnimationDialog::browse);
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_confirmed = false; });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ForwardAnimationDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ForwardAnimationDialog::~ForwardAnimationDialog() = default;

QString ForwardAnimationDialog::key(const char *name) const
{
    return m_group + QLatin1Char('/') + QLatin1String(name);
}

void ForwardAnimationDialog::insertRow(const QString &label, QWidget *field)
{
    m_form->insertRow(m_fileRow++, label, field);
}

ForwardAnimationDialog::Settings ForwardAnimationDialog::settings() const
{
    Settings s;
    s.size = QSize(m_width->value(), m_height->value());
    s.frames = m_frames->value();
    s.gif.fps = m_fps->value();
    s.gif.loop = m_loop->value();
    return s;
}

QString ForwardAnimationDialog::filePath() const
{
    return m_file->text().trimmed();
}

void ForwardAnimationDialog::setFilePath(const QString &path)
{
    m_file->setText(path);
    m_confirmed = false;
}

void ForwardAnimationDialog::refresh()
{
    const double seconds = double(m_frames->value()) * GifWriter::delayFor(m_fps->value()) / 100;
    m_durationLabel->setText(tr("%1 s per loop").arg(QLocale().toString(seconds, 'g', 3)));
    m_errorLabel->clear();
}

void ForwardAnimationDialog::browse()
{
    QString path =
        QFileDialog::getSaveFileName(this, m_title, filePath(), tr("GIF animations (*.gif)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif"))
        path += QStringLiteral(".gif");
    m_file->setText(path);
    m_confirmed = true;
}

void ForwardAnimationDialog::accept()
{
    const QString path = filePath();
    if (path.isEmpty()) {
        m_errorLabel->setText(tr("Choose a file to write the animation to."));
        return;
    }
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif")) {
        m_errorLabel->setText(tr("The file name must end in .gif."));
        return;
    }
    if (!m_confirmed && QFileInfo::exists(path) &&
        QMessageBox::question(
            this, tr("Replace the File?"),
            tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path))) !=
            QMessageBox::Yes)
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
        m_errorLabel->setText(why);
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
        m_errorLabel->setText(animation->error());
        return;
    }
    QString error;
    if (!animation->write(path, &error)) {
        m_errorLabel->setText(error);
        return;
    }
    QSettings settings;
    settings.setValue(key("fps"), m_fps->value());
    settings.setValue(key("frames"), m_frames->value());
    settings.setValue(key("loop"), m_loop->value());
    settings.setValue(key("folder"), QFileInfo(path).absolutePath());
    QDialog::accept();
}
