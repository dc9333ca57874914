#include "scene.h"

#include "random.h"

namespace attn {

namespace defaults {

Matrix generalW()
{
    return Matrix::Identity(2, 2);
}

AdditiveParams additive(int hiddenSize, std::uint64_t seed)
{
    Random rng(seed);
    auto fill = [&rng](Eigen::Index rows, Eigen::Index cols) {
        Matrix m(rows, cols);
        for (Eigen::Index r = 0; r < rows; ++r)
            for (Eigen::Index c = 0; c < cols; ++c)
                m(r, c) = rng.uniform(-1.0, 1.0);
        return m;
    };
    AdditiveParams p;
    p.wq = fill(hiddenSize, 2);
    p.wk = fill(hiddenSize, 2);
    p.b = fill(hiddenSize, 1).col(0);
    p.v = fill(hiddenSize, 1).col(0);
    return p;
}

MultiHeadParams multiHead()
{
    MultiHeadParams p;
    Matrix x(1, 2), y(1, 2);
    x << 1, 0;
    y << 0, 1;
    p.heads.push_back(Head{x, x, x});
    p.heads.push_back(Head{y, y, y});
    p.wo = Matrix::Identity(2, 2);
    return p;
}

} // namespace defaults

Scene Scene::defaultScene()
{
    Scene s;
    s.method = Method::Dot;
    s.query = Vector(2);
    s.query << 1.2, 0.8;
    s.keys = Matrix(3, 2);
    s.keys << 0.5, 1.0, 1.5, 0.5, 0.8, 1.2;
    s.values = Matrix(3, 2);
    s.values << 1, 0, 0, 1, 1, 1;
    s.general = defaults::generalW();
    s.additive = defaults::additive();
    s.multiHead = defaults::multiHead();
    return s;
}

AttentionParams Scene::params() const
{
    AttentionParams p;
    p.temperature = temperature;
    p.scaleDim = scaleDim.value_or(0.0);
    p.general = general;
    p.additive = additive;
    p.multiHead = multiHead;
    p.mask = mask;
    p.normaliser = normaliser;
    p.sigmoidBias = sigmoidBias;
    return p;
}

} // namespace attn
