#include "autosaver.h"

#include "core/scenefile.h"
#include "scenemodel.h"
#include "scenestorage.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace {
const QString kPrefix = QStringLiteral("autosave-");
const QString kSceneSuffix = QStringLiteral(".json");
const QString kLockSuffix = QStringLiteral(".lock");

// A lock counts as held only while its process lives: a lock older than some age is not stale
// for us (a teacher may keep a window open for days), so the age rule is switched off.
bool heldByLiveProcess(const QString &lockPath)
{
    if (!QFileInfo::exists(lockPath))
        return false;
    QLockFile probe(lockPath);
    probe.setStaleLockTime(0);
    if (!probe.tryLock(0))
        return probe.error() == QLockFile::LockFailedError;
    // It was stale (its process is gone) and tryLock took it over; unlock removes it.
    probe.unlock();
    return false;
}
} // namespace

Autosaver::Autosaver(QObject *parent) : QObject(parent)
{
    m_timer.setTimerType(Qt::VeryCoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &Autosaver::autosaveNow);
}

// Without cleanExit() the autosave stays on disk: only a clean exit may drop unsaved work.
Autosaver::~Autosaver() = default;

QString Autosaver::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/autosave");
}

QString Autosaver::autosavePath() const
{
    return m_id.isEmpty() ? QString() : folder() + QLatin1Char('/') + kPrefix + m_id + kSceneSuffix;
}

bool Autosaver::start(SceneModel *model, std::chrono::milliseconds interval)
{
    if (m_lock)
        return true;
    const QString dir = folder();
    if (!QDir().mkpath(dir)) {
        emit failed(tr("Autosave is off: the folder %1 cannot be created.")
                        .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    m_id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    auto lock = std::make_unique<QLockFile>(dir + QLatin1Char('/') + kPrefix + m_id + kLockSuffix);
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0)) {
        m_id.clear();
        emit failed(tr("Autosave is off: the folder %1 cannot be written.")
                        .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    m_lock = std::move(lock);
    removeStaleLocks();
    removeStrayTemporaries();
    m_model = model;
    m_dirty = false;
    // Every edit and every replacement of the scene emits changed().
    connect(model, &SceneModel::changed, this, &Autosaver::markDirty);
    m_timer.start(interval);
    return true;
}

QList<Autosaver::Orphan> Autosaver::orphans() const
{
    QList<Orphan> found;
    const QDir dir(folder());
    const QStringList names =
        dir.entryList({kPrefix + QLatin1Char('*') + kSceneSuffix}, QDir::Files | QDir::Hidden);
    const QString own = m_id.isEmpty() ? QString() : kPrefix + m_id + kSceneSuffix;
    for (const QString &name : names) {
        if (name == own)
            continue;
        const QString base = name.chopped(kSceneSuffix.size());
        Orphan o{dir.filePath(name), dir.filePath(base + kLockSuffix), {}};
        if (heldByLiveProcess(o.lockPath))
            continue;
        o.written = QFileInfo(o.scenePath).lastModified();
        found << o;
    }
    std::sort(found.begin(), found.end(),
              [](const Orphan &a, const Orphan &b) { return a.written > b.written; });
    return found;
}

void Autosaver::removeStaleLocks() const
{
    // A session that ended abnormally before it had anything to autosave leaves only its lock:
    // nothing to offer, and without this every crash would leave one more file behind.
    const QDir dir(folder());
    const QString own = kPrefix + m_id + kLockSuffix;
    const QStringList locks =
        dir.entryList({kPrefix + QLatin1Char('*') + kLockSuffix}, QDir::Files | QDir::Hidden);
    for (const QString &name : locks) {
        const QString scene = name.chopped(kLockSuffix.size()) + kSceneSuffix;
        if (name != own && !dir.exists(scene))
            heldByLiveProcess(dir.filePath(name)); // takes a stale lock over and removes it
    }
}

void Autosaver::removeStrayTemporaries() const
{
    // An autosave killed just before its rename leaves "autosave-<id>.json.XXXXXX"; every
    // autosave name that could have one is cleaned, this session's and the earlier ones'.
    const QDir dir(folder());
    QStringList targets;
    const QStringList strays =
        dir.entryList({kPrefix + QLatin1Char('*') + kSceneSuffix + QStringLiteral(".??????")},
                      QDir::Files | QDir::Hidden);
    for (const QString &name : strays) {
        const QString target = dir.filePath(name.chopped(7));
        if (!targets.contains(target))
            targets << target;
    }
    for (const QString &target : targets)
        SceneStorage::removeStrayTemporaries(target);
}

bool Autosaver::recoverable() const
{
    return !orphans().isEmpty();
}

QDateTime Autosaver::recoverableTime() const
{
    const auto list = orphans();
    return list.isEmpty() ? QDateTime() : list.constFirst().written;
}

void Autosaver::removeOrphan(const Orphan &orphan)
{
    QFile::remove(orphan.scenePath);
    // Only a lock that no live process holds is removed (heldByLiveProcess takes a stale one
    // over and drops it).
    heldByLiveProcess(orphan.lockPath);
}

std::optional<attn::Scene> Autosaver::recover(QString *error)
{
    const auto list = orphans();
    if (list.isEmpty()) {
        if (error)
            *error = tr("There is no autosaved scene to recover.");
        return std::nullopt;
    }
    const Orphan &newest = list.constFirst();
    QString why;
    auto scene = SceneStorage::load(newest.scenePath, &why);
    if (!scene) {
        if (error)
            *error = tr("The autosaved scene cannot be read: %1").arg(why);
        return std::nullopt;
    }
    if (m_lock) {
        // The recovered scene is this session's unsaved work from now on: it is on disk under
        // this session's name before the earlier session's copy goes.
        const QByteArray text = QByteArray::fromStdString(attn::writeScene(*scene));
        if (!write(text)) {
            if (error)
                *error = tr("The autosaved scene cannot be copied to %1.")
                             .arg(QDir::toNativeSeparators(autosavePath()));
            return std::nullopt;
        }
        removeOrphan(newest);
    }
    return scene;
}

void Autosaver::discard()
{
    const auto list = orphans();
    for (const Orphan &o : list)
        removeOrphan(o);
}

bool Autosaver::write(const QByteArray &text)
{
    // All or nothing: a crash or a full disk in the middle of a write keeps the previous
    // autosave.
    QString reason;
    if (!SceneStorage::writeAtomically(autosavePath(), text, &reason)) {
        emit failed(tr("The scene could not be autosaved to %1: %2")
                        .arg(QDir::toNativeSeparators(autosavePath()), reason));
        return false;
    }
    m_lastWritten = text;
    emit saved(autosavePath());
    return true;
}

bool Autosaver::autosaveNow()
{
    if (!m_lock || !m_model || !m_dirty || !m_modified)
        return true;
    m_dirty = false;
    const QByteArray text = QByteArray::fromStdString(attn::writeScene(m_model->scene()));
    // changed() also comes for what a file does not hold (the normalised view) and for edits
    // that were undone: only a scene that differs from the last write is written.
    if (text == m_lastWritten)
        return true;
    if (!write(text)) {
        m_dirty = true;
        return false;
    }
    return true;
}

void Autosaver::sceneSaved()
{
    if (!m_lock)
        return;
    m_dirty = false;
    if (m_model)
        m_lastWritten = QByteArray::fromStdString(attn::writeScene(m_model->scene()));
    QFile::remove(autosavePath());
}

void Autosaver::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    if (!modified) {
        sceneSaved();
        return;
    }
    // Unsaved again, maybe with the very scene that sceneSaved() remembered (a recovered scene,
    // an undo back past the save): the file was removed, so the next tick writes it whatever
    // it holds.
    m_lastWritten.clear();
    m_dirty = true;
}

void Autosaver::cleanExit()
{
    m_timer.stop();
    if (!m_lock)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    QFile::remove(autosavePath());
    m_lock->unlock();
    m_lock.reset();
    m_model = nullptr;
    m_id.clear();
}

bool Autosaver::terminate()
{
    m_timer.stop();
    if (!m_lock)
        return true;
    const bool written = autosaveNow();
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    // The scene stays (when there is unsaved work); the lock goes, so it is not left stale and
    // the scene is an orphan the next start offers at once.
    m_lock->unlock();
    m_lock.reset();
    m_model = nullptr;
    return written;
}
