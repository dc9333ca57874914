#include "export/gifoptionsrows.h"

#include "model/commandline.h"

#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

#include <algorithm>

namespace {
enum Row
{
    SizeRow,
    FpsRow,
    FramesRow,
    LoopRow,
    DurationRow,
    FileRow
};

QSpinBox *spin(QWidget *parent, const char *name, int least, int most, int value)
{
    auto *s = new QSpinBox(parent);
    s->setObjectName(QLatin1String(name));
    s->setRange(least, most);
    s->setValue(std::clamp(value, least, most));
    return s;
}
} // namespace

GifOptionsRows::GifOptionsRows(QDialog *dialog, const Setup &setup)
    : QObject(dialog), m_dialog(dialog), m_group(setup.group), m_heightField(setup.height)
{
    const QSettings settings;
    // The size is the dialog's to give (setSize()); the range here is what any GIF may have.
    m_width =
        spin(dialog, "widthSpin", CommandLine::kMinExportSize, CommandLine::kMaxExportSize, 640);
    if (!m_heightField) {
        m_height = spin(dialog, "heightSpin", CommandLine::kMinExportSize,
                        CommandLine::kMaxExportSize, 400);
        m_heightField = m_height;
    }
    m_fps = spin(dialog, "fpsSpin", CommandLine::kMinFps, CommandLine::kMaxFps,
                 settings.value(key("fps"), setup.fps).toInt());
    if (setup.frames)
        m_frames = spin(dialog, "framesSpin", CommandLine::kMinFrames, CommandLine::kMaxFrames,
                        settings.value(key("frames"), 48).toInt());
    m_loop =
        spin(dialog, "loopSpin", 0, CommandLine::kMaxLoop, settings.value(key("loop"), 0).toInt());
    if (setup.frames) {
        m_durationLabel = new QLabel(dialog);
        m_durationLabel->setObjectName(QStringLiteral("durationLabel"));
    }
    m_errorLabel = new QLabel(dialog);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020")); // as the Export dialog's
    m_file = new QLineEdit(dialog);
    m_file->setObjectName(QStringLiteral("fileEdit"));
    m_file->setMinimumWidth(320);
    m_browse = new QPushButton(dialog);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    m_buttons = new QDialogButtonBox(setup.buttons, dialog);

    for (int row : {SizeRow, FpsRow, LoopRow, FileRow})
        m_labels[row] = new QLabel(dialog);
    if (setup.frames) {
        m_labels[FramesRow] = new QLabel(dialog);
        m_labels[DurationRow] = new QLabel(dialog);
        m_labels[FramesRow]->setBuddy(m_frames);
    }
    m_labels[SizeRow]->setBuddy(m_width);
    m_labels[FpsRow]->setBuddy(m_fps);
    m_labels[LoopRow]->setBuddy(m_loop);
    m_labels[FileRow]->setBuddy(m_file);

    QString folder = settings.value(key("folder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    m_file->setText(QDir(folder).filePath(setup.fileName));

    if (m_frames)
        for (QSpinBox *s : {m_fps, m_frames})
            connect(s, &QSpinBox::valueChanged, this, &GifOptionsRows::refresh);
    connect(m_browse, &QPushButton::clicked, this, &GifOptionsRows::browse);
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_confirmed = false; });
    connect(m_buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
}

GifOptionsRows::~GifOptionsRows() = default;

QString GifOptionsRows::key(const char *name) const
{
    return m_group + QLatin1Char('/') + QLatin1String(name);
}

void GifOptionsRows::addRows(QFormLayout *form)
{
    auto *size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×"), m_dialog));
    size->addWidget(m_heightField);
    size->addStretch();
    form->addRow(m_labels[SizeRow], size);
    form->addRow(m_labels[FpsRow], m_fps);
    if (m_frames)
        form->addRow(m_labels[FramesRow], m_frames);
    form->addRow(m_labels[LoopRow], m_loop);
    if (m_durationLabel)
        form->addRow(m_labels[DurationRow], m_durationLabel);
}

void GifOptionsRows::addFileRow(QFormLayout *form)
{
    auto *file = new QHBoxLayout;
    file->addWidget(m_file, 1);
    file->addWidget(m_browse);
    form->addRow(m_labels[FileRow], file);
}

void GifOptionsRows::retranslate()
{
    m_fps->setSuffix(tr(" per second"));
    m_loop->setSpecialValueText(tr("Forever"));
    m_loop->setToolTip(tr("How many times players repeat the animation; Forever (0) repeats "
                          "without end."));
    m_browse->setText(tr("&Browse…"));
    const QString labels[] = {tr("Size in pixels:"), tr("Frame rate:"), tr("Frames:"),
                              tr("Loop count:"),     tr("Duration:"),   tr("File:")};
    for (int row = 0; row < int(m_labels.size()); ++row)
        if (m_labels[row])
            m_labels[row]->setText(labels[row]);
    refresh();
}

void GifOptionsRows::refresh()
{
    if (m_durationLabel) {
        const double seconds =
            double(m_frames->value()) * GifWriter::delayFor(m_fps->value()) / 100;
        m_durationLabel->setText(tr("%1 s per loop").arg(QLocale().toString(seconds, 'g', 3)));
    }
    m_errorLabel->clear();
}

void GifOptionsRows::setSize(QSize size, QSize least)
{
    m_width->setMinimum(std::max(CommandLine::kMinExportSize, least.width()));
    m_width->setValue(size.width());
    if (m_height) {
        m_height->setMinimum(std::max(CommandLine::kMinExportSize, least.height()));
        m_height->setValue(size.height());
    }
}

QSize GifOptionsRows::size() const
{
    return QSize(m_width->value(), m_height ? m_height->value() : 0);
}

GifWriter::Options GifOptionsRows::gif() const
{
    GifWriter::Options o;
    o.fps = m_fps->value();
    o.loop = m_loop->value();
    return o;
}

QString GifOptionsRows::filePath() const
{
    return m_file->text().trimmed();
}

void GifOptionsRows::setFilePath(const QString &path, bool chosen)
{
    m_file->setText(path);
    m_confirmed = chosen;
}

void GifOptionsRows::browse()
{
    // Each dialog's file dialog has the dialog's own title.
    QString path = QFileDialog::getSaveFileName(m_dialog, m_dialog->windowTitle(), filePath(),
                                                tr("GIF animations (*.gif)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif"))
        path += QStringLiteral(".gif");
    m_file->setText(path);
    m_confirmed = true;
}

QString GifOptionsRows::fileToWrite(const QString &noFile)
{
    const QString path = filePath();
    if (path.isEmpty()) {
        m_errorLabel->setText(noFile);
        return {};
    }
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif")) {
        m_errorLabel->setText(tr("The file name must end in .gif."));
        return {};
    }
    if (!m_confirmed && QFileInfo::exists(path) &&
        QMessageBox::question(
            m_dialog, tr("Replace the File?"),
            tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path))) !=
            QMessageBox::Yes)
        return {};
    return path;
}

void GifOptionsRows::saveSettings() const
{
    QSettings settings;
    settings.setValue(key("fps"), m_fps->value());
    if (m_frames)
        settings.setValue(key("frames"), m_frames->value());
    settings.setValue(key("loop"), m_loop->value());
    settings.setValue(key("folder"), QFileInfo(filePath()).absolutePath());
}
